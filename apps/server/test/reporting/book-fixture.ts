import { randomUUID } from 'node:crypto';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { Plan } from '@kaskita/domain/pricing/plan';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import type { Db } from '../../src/db/client.ts';
import { loadEnv } from '../../src/env.ts';
import { sealProfileChanges } from '../../src/modules/profile/profile-fields-schema.ts';
import { DataCipher } from '../../src/security/data-cipher.ts';
import { LookupHasher } from '../../src/security/lookup-hasher.ts';
import {
  bankAccounts,
  borrowerProfiles,
  creditApplications,
  loanBills,
  loans,
  users,
} from '../../src/db/schema.ts';
import { sealPhone } from '../../src/modules/user/user-phone-schema.ts';

export interface BillSpec {
  due: string;
  principal: number;
  interest?: number;
  fee?: number;
  lateFee?: number;
  paid?: number;
  state: 'pending' | 'overdue' | 'paid' | 'written-off';
}

export interface LoanSpec {
  key: string;
  state: string;
  amount: number;
  disbursedOn: string | null;
  product?: string;
  /** Loans of the same borrower share a key; each borrower gets a name. */
  borrower: string;
  name?: string;
  createdAt: string;
  bills: BillSpec[];
}

let serial = 0;
const rp = (n: number) => n as Rupiah;

/**
 * Writes a loan book straight into the tables (the way the bench seeds 100,000 loans), so a test knows every bill and
 * so every figure exactly. The loans go through no engine: only the columns the reports read are meaningful.
 */
/** The test app's keys (the settings' defaults): the loan book decrypts the names it lists. */
const TEST_ENV_KEYS = loadEnv({});
const TEST_PROTECTION = {
  cipher: DataCipher.fromEnv(TEST_ENV_KEYS),
  lookup: LookupHasher.fromEnv(TEST_ENV_KEYS),
};

export async function insertBook(
  db: Db,
  specs: readonly LoanSpec[],
  now: Date,
): Promise<Record<string, string>> {
  const userIds = new Map<string, string>();
  const ids: Record<string, string> = {};
  for (const spec of specs) {
    let userId = userIds.get(spec.borrower);
    if (!userId) {
      userId = randomUUID();
      userIds.set(spec.borrower, userId);
      await db.insert(users).values({
        id: userId,
        ...sealPhone(TEST_PROTECTION, userId, `62812${String(++serial).padStart(7, '0')}`),
        createdAt: now,
        updatedAt: now,
      });
      if (spec.name)
        await db.insert(borrowerProfiles).values({
          userId,
          ...sealProfileChanges(TEST_PROTECTION, userId, { name: spec.name }),
          createdAt: now,
          updatedAt: now,
        });
    }
    const bankId = randomUUID();
    await db.insert(bankAccounts).values({
      id: bankId,
      userId,
      bankCode: 'BCA',
      accountNumberEnc: 'x',
      accountNumberHash: randomUUID(),
      holderNameEnc: 'x',
      lastDigits: '0000',
      verifiedAt: now,
      createdAt: now,
    });
    const id = randomUUID();
    ids[spec.key] = id;
    const plan = {
      instalments: spec.bills.map((b, i) => ({
        number: i + 1,
        dueDate: b.due,
        principal: b.principal,
        interest: b.interest ?? 0,
        fee: b.fee ?? 0,
        total: b.principal + (b.interest ?? 0) + (b.fee ?? 0),
      })),
    } as unknown as Plan;
    await db.insert(loans).values({
      id,
      userId,
      idempotencyKey: id,
      state: spec.state,
      productId: spec.product ?? 'cash',
      product: {} as LoanProduct,
      amount: rp(spec.amount),
      amountReceived: rp(spec.amount),
      period: '3',
      purposeId: 1,
      plan,
      bankAccountId: bankId,
      agreementVersion: 'test',
      agreementSha256: 'test',
      acceptedAt: new Date(spec.createdAt),
      acceptedIp: '10.0.0.1',
      locale: 'id-ID',
      disbursedOn: spec.disbursedOn,
      createdAt: new Date(spec.createdAt),
      updatedAt: now,
    });
    if (spec.bills.length)
      await db.insert(loanBills).values(
        spec.bills.map((b, i) => ({
          loanId: id,
          number: i + 1,
          periodStart: spec.disbursedOn ?? b.due,
          dueDate: b.due,
          principal: rp(b.principal),
          interest: rp(b.interest ?? 0),
          fee: rp(b.fee ?? 0),
          lateFee: rp(b.lateFee ?? 0),
          paid: rp(b.paid ?? 0),
          state: b.state,
          // The reports read none of these: the account's figures, plain.
          days: 30,
          contractInterest: rp(b.interest ?? 0),
          contractFee: rp(b.fee ?? 0),
          unpaidPrincipal: rp(b.principal),
          unpaidInterest: rp(b.interest ?? 0),
          unpaidFee: rp(b.fee ?? 0),
          recognizedInterest: rp(0),
          recognizedFee: rp(0),
          lateFeeThrough: b.due,
          updatedAt: now,
        })),
      );
  }
  return ids;
}

/** Applications submitted and decided at given instants, for the borrower `userId` of any loan. */
export async function insertApplications(
  db: Db,
  rows: ReadonlyArray<{
    state: 'auditing' | 'approved' | 'rejected';
    submittedAt: string;
    decidedAt?: string;
  }>,
): Promise<void> {
  for (const row of rows) {
    const userId = randomUUID();
    const now = new Date(row.submittedAt);
    await db.insert(users).values({
      id: userId,
      ...sealPhone(TEST_PROTECTION, userId, `62813${String(++serial).padStart(7, '0')}`),
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(creditApplications).values({
      id: randomUUID(),
      userId,
      state: row.state,
      submittedAt: now,
      decideAfter: now,
      locationEnc: 'x',
      locale: 'id-ID',
      decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
      createdAt: now,
    });
  }
}
