import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';
import { OVERPAID, overpaidBorrower, refundAtBank, refundOfLoan, refundsOf } from './refund-helpers.ts';

// Above REFUND_AUTO_MAX a refund waits for staff; by default (REFUND_AUTO_APPROVE off) nothing approves it meanwhile.
const t = useTestApp({ env: { REFUND_AUTO_MAX: 100_000 } });

describe('a refund above REFUND_AUTO_MAX', () => {
  it('waits for approval, sends nothing, and goes out once staff with the permission approve it', async () => {
    const b = await overpaidBorrower(t.app, t.database.db, t.clock.now());
    const waiting = await refundOfLoan(t.database.db, b.loanId);
    expect(waiting).toMatchObject({ amount: OVERPAID, state: 'awaiting_approval', attempt: 0 });
    expect(await refundAtBank(t.database.db, waiting!.id)).toEqual([]);
    expect((await refundsOf(t.app, b.token)).body.data.list[0]).toMatchObject({ state: 'awaiting_approval' });

    const { commands } = t.app.infra;
    const approve = t.app.refunds.service.approveCommand;
    const staff = (permissions: string[]) => ({ kind: 'staff', staffId: 'staff-1', permissions }) as const;
    await expect(
      commands.run(approve, { refundId: waiting!.id }, staff([]), { reason: 'checked' }),
    ).rejects.toMatchObject({ key: 'FORBIDDEN' });
    await commands.run(approve, { refundId: waiting!.id }, staff(['refunds.approve']), {
      reason: 'checked the account',
    });
    t.app.refunds.service.wake();
    await t.app.jobs.whenIdle();
    expect(await refundOfLoan(t.database.db, b.loanId)).toMatchObject({ state: 'pending', attempt: 1 });
    expect(await refundAtBank(t.database.db, waiting!.id)).toHaveLength(1);
  });
});

const auto = useTestApp({ env: { REFUND_AUTO_MAX: 100_000, REFUND_AUTO_APPROVE: true } });

describe('with REFUND_AUTO_APPROVE (a deployment with no staff able to approve yet)', () => {
  it('a job approves it right after it is created', async () => {
    const b = await overpaidBorrower(auto.app, auto.database.db, auto.clock.now());
    const refund = await refundOfLoan(auto.database.db, b.loanId);
    expect(refund).toMatchObject({ state: 'pending', attempt: 1 });
  });
});
