import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { borrowerVerifications } from '../../src/modules/verification/verification-schema.ts';
import { get, plainPhoto, post, uploadKtp, BASE, JOB, SOCIAL, ADDRESS } from '../profile/profile-helpers.ts';
import { call, newPhone, signIn } from '../helpers/test-app.ts';
import { SALARY_RANGE_BOUNDS } from '@kaskita/domain/validation/profile';

export interface Borrower {
  token: string;
  phone: string;
  userId: string;
}

let born = 0;
/**
 * A fresh NIK of a man born in January 1990 in Gambir, Jakarta (317101), with `serial` as its last four digits: the
 * credit bureau sandbox answers by the serial (9901-9906, providers/README.md), any other is unknown to it. Each call
 * takes another birth day, so the NIK is new (one NIK, one account).
 */
export function testNik(serial = '0001'): { nik: string; birthDate: string } {
  born += 1;
  const day = String(((born - 1) % 28) + 1).padStart(2, '0');
  const month = String(Math.floor((born - 1) / 28) + 1).padStart(2, '0');
  return { nik: `317101${day}${month}90${serial}`, birthDate: `1990-${month}-${day}` };
}

/** A borrower signed in, with every onboarding step done through the API (the KTP photo has no face in it). */
export async function completedBorrower(
  app: FastifyInstance,
  {
    serial = '0001',
    income = JOB.income,
    cardNum = '1234567890',
    bank = 'BCA',
    signUp = {},
  }: {
    serial?: string;
    income?: string;
    cardNum?: string;
    bank?: string;
    signUp?: Record<string, string>;
  } = {},
): Promise<Borrower> {
  const phone = newPhone();
  const { token } = await signIn(app, phone, undefined, {}, signUp);
  const account = await get<{ uid: string }>(app, token, '/v1/user/account');
  const { nik, birthDate } = testNik(serial);
  const ok = (label: string, res: { body: { code: number } }) => expect(res.body.code, label).toBe(200);
  ok(
    'ktp photo',
    await uploadKtp(app, token, {
      filename: 'ktp.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    }),
  );
  ok(
    'ktp',
    await post(app, token, '/v1/user/ktp', {
      cardid: nik,
      name: 'Budi Santoso',
      birth_date: birthDate,
      gender: '1',
      religion: '1',
      marriage: '2',
    }),
  );
  ok('base', await post(app, token, '/v1/user/base', BASE));
  ok(
    'other',
    await post(app, token, '/v5/user/user_other_info', {
      email: 'budi@example.com',
      residential_status: '1',
    }),
  );
  // The salary range declared is the one the income falls in (the server checks the two against each other).
  ok(
    'job',
    await post(app, token, '/v2/user/work', { ...JOB, income, salary: salaryRangeOf(Number(income)) }),
  );
  ok(
    'company',
    await post(app, token, '/v1/user/company', {
      company_name: 'PT Maju Jaya',
      company_phone: '022-2501234',
      ...ADDRESS,
    }),
  );
  ok('social', await post(app, token, '/v1/user/social', SOCIAL));
  ok('bank', await post(app, token, '/v1/user/bank', { bank, card_num: cardNum, name: 'Budi Santoso' }));
  return { token, phone, userId: account.body.data.uid };
}

/**
 * Marks a borrower's WhatsApp and face checks as passed, straight in the database: setup for the decision's tests,
 * whose subject is what happens after both checks (the checks themselves are tested in test/verification).
 */
export async function markChecksPassed(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .insert(borrowerVerifications)
    .values({
      userId,
      // The app seals the number with its keys (verification/whatsapp-phone-schema.ts); a marker is enough here.
      whatsappPhoneEnc: null,
      whatsappVerifiedAt: at,
      faceStatus: 'pass',
      facePassedAt: at,
      // Through the live check: a single selfie's pass would send every approval to a person (review-rules.ts).
      faceLiveness: 'checked',
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: borrowerVerifications.userId,
      set: {
        whatsappVerifiedAt: at,
        faceStatus: 'pass',
        facePassedAt: at,
        faceLiveness: 'checked',
        updatedAt: at,
      },
    });
}

export const JAKARTA = { lon: '106.8271530', lat: '-6.1753924' };

export function submit(
  app: FastifyInstance,
  token: string,
  location: { lon?: string; lat?: string } = JAKARTA,
) {
  return call<{ countdown: number; verify: number; reapply_date?: string }>(app, {
    method: 'POST',
    url: '/api/v2/user/submit',
    token,
    payload: {},
    headers: location,
  });
}

/** The declared salary range (its code) an exact monthly income falls in. */
function salaryRangeOf(income: number): string {
  const [code] = Object.entries(SALARY_RANGE_BOUNDS).find(([, r]) => income >= r.min && income <= r.max)!;
  return code;
}
