// Puts a signed-in borrower's profile in place through the API, as a borrower who finished onboarding earlier would
// have it: the journeys about what comes after the profile start from there (onboarding.e2e.ts walks the forms).
import type { Page } from 'playwright-core';
import type { CallId } from '@kaskita/domain/contract/endpoints';
import { liveFrames } from '../../../server/test/helpers/live-frames.ts';
import { apiPath } from './api-path.ts';

export interface ProfileOptions {
  nik: string;
  /** YYYY-MM-DD, matching the NIK's date part. */
  birthDate: string;
  ktpPhoto: Buffer;
  /** The bank account (the sandbox bank answers by its last digits: 222 fails a disbursement with a name mismatch). */
  cardNum?: string;
}

/** The signed-in page's access token, as the app stored it. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('KK_TOKEN'));
  if (!token) throw new Error('the page has no session');
  return token;
}

async function call<T = unknown>(
  baseUrl: string,
  token: string,
  id: CallId,
  body: Record<string, unknown> | FormData,
  headers: Record<string, string> = {},
): Promise<T> {
  const json = !(body instanceof FormData);
  const res = await fetch(baseUrl + apiPath(id), {
    method: 'POST',
    headers: {
      os: '4',
      authorization: `Bearer ${token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json ? JSON.stringify(body) : body,
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${id} answered ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Every onboarding step, saved through the API with the signed-in borrower's token. */
export async function completeProfile(
  baseUrl: string,
  token: string,
  options: ProfileOptions,
): Promise<void> {
  const photo = new FormData();
  photo.append('id_card', new Blob([new Uint8Array(options.ktpPhoto)], { type: 'image/jpeg' }), 'ktp.jpg');
  await call(baseUrl, token, 'ocrCheck', photo);
  await call(baseUrl, token, 'saveKtp', {
    cardid: options.nik,
    name: 'Budi Santoso',
    birth_date: options.birthDate,
    gender: '1',
    religion: '1',
    marriage: '2',
  });
  const address = {
    province: '32',
    city: '32.73',
    districts: '32.73.02',
    sub_districts: '32.73.02.1004',
    address: 'Jl. Ir. H. Juanda No. 10',
  };
  await call(baseUrl, token, 'saveBaseProfile', {
    education: '6',
    mother_maiden_name: 'Siti Aminah',
    ...address,
    zip_code: '40135',
    live_duration: '4',
  });
  await call(baseUrl, token, 'saveOtherInfo', { email: 'budi@example.com', residential_status: '1' });
  await call(baseUrl, token, 'saveJob', {
    has_job: '1',
    career: '1',
    income_source: '1',
    salary: '3',
    salary_day: '25',
    income: '6500000',
    spending: '3000000',
    other_loan_status: '3',
    other_platforms: '0',
  });
  await call(baseUrl, token, 'saveCompany', {
    company_name: 'PT Maju Jaya',
    company_phone: '022-2501234',
    ...address,
  });
  await call(baseUrl, token, 'saveSocial', {
    socials: JSON.stringify([
      { relation: 2, name: 'Dewi Lestari', phone: '081234560001' },
      { relation: 7, name: 'Andi Wijaya', phone: '081234560002' },
    ]),
    contact_consent: '1',
    expect_amount: '3000000',
    expect_period: '6',
  });
  await call(baseUrl, token, 'saveBank', {
    bank: 'BCA',
    card_num: options.cardNum ?? '1234567890',
    name: 'Budi Santoso',
  });
}

/**
 * The selfie's face check (POST /v1/user/face_check) without the live check, its result: the fallback for a camera
 * that cannot run it, whose pass a person reviews. 4287: the face engine missed its time budget (a loaded machine);
 * the try is not counted, and a client tries again, as this does, at most six times.
 */
export async function checkFaceThroughApi(baseUrl: string, token: string, photo: Buffer): Promise<string> {
  const selfie = new FormData();
  selfie.append('selfie', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'selfie.jpg');
  return untilFaceEngineRuns(() => call<{ result: string }>(baseUrl, token, 'checkFace', selfie));
}

/**
 * The live face check through the API as the camera step makes it: a challenge (a turn on the e2e servers, server.ts)
 * answered by woman A's three frames; the borrower's KTP photo must be hers (ktpCardOf('turnA')).
 */
export async function liveCheckThroughApi(baseUrl: string, token: string): Promise<string> {
  const frames = await liveFrames('turnA');
  const jpeg = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
  return untilFaceEngineRuns(async () => {
    const { challenge_id } = await call<{ challenge_id: string }>(baseUrl, token, 'livenessChallenge', {});
    const form = new FormData();
    form.append('challenge_id', challenge_id);
    form.append('selfie', jpeg(frames.start), 'start.jpg');
    form.append('action_frame', jpeg(frames.action), 'action.jpg');
    form.append('end_frame', jpeg(frames.end), 'end.jpg');
    return call<{ result: string }>(baseUrl, token, 'checkFace', form);
  });
}

async function untilFaceEngineRuns(check: () => Promise<{ result: string }>): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await check()).result;
    } catch (error) {
      if (attempt >= 6 || !String(error).includes('answered 4287')) throw error;
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/**
 * After the profile (with woman A's KTP photo, ktpCardOf('turnA')): the WhatsApp number confirmed with the code from
 * the dev outbox, the live face check passed on the real engines, the application submitted from Jakarta, and the
 * decision awaited (the server's CREDIT_DECISION_DELAY_SECONDS should be 0). The journeys about borrowing start from
 * an approved borrower.
 */
export async function approveThroughApi(
  baseUrl: string,
  token: string,
  options: { whatsapp: string; waitForCode: (phone: string) => Promise<string> },
): Promise<void> {
  await call(baseUrl, token, 'sendWhatsappCode', { phone: options.whatsapp });
  const code = await options.waitForCode(options.whatsapp);
  await call(baseUrl, token, 'confirmWhatsapp', { phone: options.whatsapp, sms_code: code });
  const face = await liveCheckThroughApi(baseUrl, token);
  if (face !== 'pass') throw new Error(`face check answered ${face}`);
  await call(baseUrl, token, 'submitApplication', {}, { lon: '106.8271530', lat: '-6.1753924' });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(baseUrl + apiPath('getUserStatus'), {
      headers: { os: '4', authorization: `Bearer ${token}` },
    });
    const status = (await res.json()) as { data: { verify: number } };
    if (status.data.verify === 2) return;
    if (status.data.verify === 3) throw new Error('the application was rejected');
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('no credit decision within 30 s');
}
