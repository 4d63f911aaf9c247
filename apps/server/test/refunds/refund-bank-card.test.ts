import { describe, expect, it } from 'vitest';
import type { BankCardCodeResponse, BankCards } from '@kaskita/domain/contract/bank-cards';
import type { Borrower } from '../application/application-helpers.ts';
import { latestCode, solvedCaptcha, useTestApp } from '../helpers/test-app.ts';
import { finishAtBank } from '../loans/loan-helpers.ts';
import { get, post } from '../profile/profile-helpers.ts';
import { expectFinished, overpaidBorrower, refundAtBank, refundOfLoan } from './refund-helpers.ts';

const t = useTestApp({ env: { REFUND_RETRY_DELAY_SECONDS: 0 } });

/** A second card from Me, as bank-card-add.test.ts adds one: it becomes the default. */
async function addCard(b: Borrower): Promise<void> {
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
}

async function cards(b: Borrower) {
  const listed = (await get<BankCards>(t.app, b.token, '/v1/user/bank')).body.data.cards;
  return { bca: listed.find((c) => c.bank === 'BCA')!, mandiri: listed.find((c) => c.bank === 'MANDIRI')! };
}

const remove = (b: Borrower, id: string) => post<BankCards>(t.app, b.token, '/v1/user/bank_remove', { id });

describe('the card a refund is paid to', () => {
  it('is in use, and cannot be removed, until the refund is paid', async () => {
    // The loan closes with credit: its refund goes to the default card (BCA) and waits at the bank.
    const b = await overpaidBorrower(t.app, t.database.db, t.clock.now());
    const refund = await refundOfLoan(t.database.db, b.loanId);
    expect(refund).toMatchObject({ state: 'pending' });
    // Another card becomes the default: the loan's disbursement is long done, only the refund holds BCA.
    await addCard(b);
    const before = await cards(b);
    expect(refund!.bankAccountId).toBe(before.bca.id);
    expect(before.bca).toMatchObject({ is_default: false, in_use: true });
    expect(before.mandiri).toMatchObject({ is_default: true, in_use: false });
    expect((await remove(b, before.bca.id)).body.code).toBe(4302);

    const [atBank] = await refundAtBank(t.database.db, refund!.id);
    expectFinished(await finishAtBank(t.app, atBank!.reference, 'complete'));
    await t.app.jobs.whenIdle();
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'completed' });

    expect((await cards(b)).bca).toMatchObject({ in_use: false });
    const removed = await remove(b, before.bca.id);
    expect(removed.body.code, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.cards.map((c) => c.bank)).toEqual(['MANDIRI']);
  });

  it('is free again once the refund failed every try (staff follow it up)', async () => {
    const b = await overpaidBorrower(t.app, t.database.db, t.clock.now());
    await addCard(b);
    const refund = await refundOfLoan(t.database.db, b.loanId);
    // Each failure queues a new try (no delay here) until REFUND_MAX_ATTEMPTS (3).
    for (let attempt = 1; attempt <= 3; attempt++) {
      const tries = await refundAtBank(t.database.db, refund!.id);
      expect(tries).toHaveLength(attempt);
      expect((await cards(b)).bca.in_use).toBe(true);
      expectFinished(await finishAtBank(t.app, tries.at(-1)!.reference, 'fail', 'ACCOUNT_CLOSED'));
      await t.app.jobs.whenIdle();
    }
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'failed' });
    const { bca } = await cards(b);
    expect(bca.in_use).toBe(false);
    expect((await remove(b, bca.id)).body.code).toBe(200);
  });
});
