import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankCardCodeResponse, BankCards } from '@kaskita/domain/contract/bank-cards';
import { pgErrorCode } from '../../src/db/client.ts';
import type { LoanAgreementInput } from '../../src/modules/loans/loan-agreement-text.ts';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import { latestCode, solvedCaptcha, useTestApp } from '../helpers/test-app.ts';
import type { Borrower } from '../application/application-helpers.ts';
import { get, post } from '../profile/profile-helpers.ts';
import { approvedBorrower, order } from './loan-helpers.ts';

type Render = (input: LoanAgreementInput) => Promise<{ pdf: Uint8Array; sha256: string }>;

/** Each agreement rendering goes through `onRender` while a test sets it (vi.mock is hoisted above the imports). */
const watch = vi.hoisted(() => ({
  onRender: null as null | ((input: LoanAgreementInput, render: Render) => ReturnType<Render>),
}));
vi.mock('../../src/modules/loans/loan-agreement-pdf.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/modules/loans/loan-agreement-pdf.ts')>();
  return {
    ...original,
    renderLoanAgreementPdf: (input: LoanAgreementInput) =>
      watch.onRender
        ? watch.onRender(input, original.renderLoanAgreementPdf)
        : original.renderLoanAgreementPdf(input),
  };
});

const t = useTestApp();
afterEach(() => {
  watch.onRender = null;
});

/**
 * Whether another transaction can lock the borrower's user row right now. On PostgreSQL NOWAIT answers 55P03 while
 * a transaction holds it; PGlite runs one transaction at a time, so there the probe instead waits behind the open
 * transaction (until the time limit).
 */
async function rowLock(userId: string): Promise<'free' | 'locked'> {
  const probe = t.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update', { noWait: true });
  });
  // On PGlite a probe that timed out still runs once the order's transaction ends.
  probe.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'locked'>((resolve) => {
    timer = setTimeout(() => resolve('locked'), 2000);
  });
  try {
    return await Promise.race([probe.then(() => 'free' as const), limit]);
  } catch (error) {
    if (pgErrorCode(error) === '55P03') return 'locked';
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Each rendering of an order's agreement (not a preview): whether the borrower's row was free, and the PDF's hash. */
function watchOrderRenders(b: Borrower, during?: () => Promise<void>) {
  const renders: Array<{ row: 'free' | 'locked'; sha256: string; account: string }> = [];
  let pending = during;
  watch.onRender = async (input, render) => {
    if (input.orderId === null) return render(input);
    const row = await rowLock(b.userId);
    // Only with the row free: under the lock (the code before this test) the change would wait for the order.
    if (row === 'free' && pending) {
      const change = pending;
      pending = undefined;
      await change();
    }
    const pdf = await render(input);
    renders.push({ row, sha256: pdf.sha256, account: input.disbursementAccount.accountMasked });
    return pdf;
  };
  return renders;
}

/** A second card from Me (it becomes the default), as bank-card-add.test.ts adds one. */
async function addCard(b: Borrower): Promise<BankCards> {
  t.clock.advance(61);
  let sent = await post<BankCardCodeResponse>(t.app, b.token, '/v1/user/bank_code', {});
  if (sent.body.code === 200 && sent.body.data.captcha === 1)
    sent = await post<BankCardCodeResponse>(t.app, b.token, '/v1/user/bank_code', await solvedCaptcha(t.app));
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(200);
  const added = await post<BankCards>(t.app, b.token, '/v1/user/bank_add', {
    bank: 'MANDIRI',
    card_num: '1112223334',
    name: 'Budi Santoso',
    sms_code: (await latestCode(t.app, b.phone))!,
  });
  expect(added.body.code, JSON.stringify(added.body)).toBe(200);
  return added.body.data;
}

async function storedSha(orderId: string): Promise<string> {
  const [row] = await t.database.db.select().from(loans).where(eq(loans.id, orderId));
  return row!.agreementSha256;
}

describe("an order's agreement", () => {
  it("is rendered while no transaction holds the borrower's row, and stored with the hash the order shows", async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const renders = watchOrderRenders(b);
    const placed = await order(t.app, b.token);
    watch.onRender = null;
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    expect(renders.map((r) => r.row)).toEqual(['free']);

    const id = placed.body.data.order_id;
    expect(await storedSha(id)).toBe(renders[0]!.sha256);
    const shown = await get<{ sha256: string }>(t.app, b.token, `/v1/order/agreement?order_id=${id}`);
    expect(shown.body.data.sha256).toBe(renders[0]!.sha256);
  });

  it('is rendered again when what it states changed before the order was stored', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const cards = await addCard(b);
    const first = cards.cards.find((c) => c.bank === 'BCA')!;
    expect(cards.account?.bank).toBe('MANDIRI');
    // While the agreement naming the new card renders, the borrower makes the first card the default again.
    const renders = watchOrderRenders(b, async () => {
      const set = await post<BankCards>(t.app, b.token, '/v1/user/setbank', { id: first.id });
      expect(set.body.code).toBe(200);
    });
    const placed = await order(t.app, b.token);
    watch.onRender = null;
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    expect(renders.map((r) => [r.row, r.account])).toEqual([
      ['free', '****3334'],
      ['free', first.card_num_masked],
    ]);
    expect(placed.body.data.card_num_masked).toBe(first.card_num_masked);

    const id = placed.body.data.order_id;
    expect(await storedSha(id)).toBe(renders[1]!.sha256);
    const shown = await get<{ sha256: string }>(t.app, b.token, `/v1/order/agreement?order_id=${id}`);
    expect(shown.body.data.sha256).toBe(renders[1]!.sha256);
  });
});
