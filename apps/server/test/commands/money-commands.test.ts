import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { credit, debit } from '@kaskita/domain/lifecycle/ledger';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { defineCommand, type Actor } from '../../src/commands/command.ts';
import type { Db } from '../../src/db/client.ts';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { LedgerService } from '../../src/modules/ledger/ledger-service.ts';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { SERVICING_PERMISSIONS } from '../../src/modules/loans/loan-servicing-service.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, codeFor, payCode, repayingBorrower } from '../repayments/repayment-helpers.ts';

const t = useTestApp();

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

const staff = (...permissions: string[]): Actor => ({ kind: 'staff', staffId: 'staff-1', permissions });
const advance = (days: number) => call(t.app, { method: 'POST', url: '/api/dev/clock', payload: { days } });

/** The audit rows filed under a loan, with the ledger entries each one wrote. */
async function trail(db: Db, loanId: string) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'loan'), eq(auditLog.subjectId, loanId)))
    .orderBy(asc(auditLog.createdAt));
  const entries = await db
    .select({ id: ledgerEntries.id, commandId: ledgerEntries.commandId, movement: ledgerEntries.movement })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.loanId, loanId));
  return rows.map((row) => ({ ...row, entries: entries.filter((e) => e.commandId === row.id) }));
}

async function loanState(db: Db, loanId: string) {
  const [row] = await db
    .select({ state: loans.state, account: loans.account })
    .from(loans)
    .where(eq(loans.id, loanId));
  return row!;
}

describe('money moves through named commands, each with one audit row in its transaction', () => {
  it('a disbursement and a payment each write one audit row, which their ledger entries reference', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const disbursed = await trail(t.database.db, b.loanId);
    expect(disbursed.map((r) => [r.command, r.actorKind, r.actorId, r.outcome])).toEqual([
      ['loan.order.create', 'borrower', b.userId, 'created'],
      ['disbursement.complete', 'provider', 'sandbox', 'applied'],
    ]);
    // The order moves no money yet: its ledger lines come with the disbursement.
    expect(disbursed[0]!.entries).toEqual([]);
    expect(disbursed[0]!.input).toMatchObject({ userId: b.userId, orderId: b.loanId, money: 2_000_000 });
    expect(disbursed[1]!.entries.map((e) => e.movement)).toEqual(
      expect.arrayContaining(['disbursement', 'contract-charges']),
    );
    // Every ledger entry of the loan so far belongs to that command: none was written around it.
    const all = await t.database.db
      .select({ commandId: ledgerEntries.commandId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.loanId, b.loanId));
    expect(all.every((e) => e.commandId === disbursed[1]!.id)).toBe(true);

    const code = await codeFor(t.app, b);
    await payCode(t.app, code.code_id);
    const after = await trail(t.database.db, b.loanId);
    const payment = after.filter((r) => r.command === 'payment.apply');
    expect(payment).toHaveLength(1);
    expect(payment[0]).toMatchObject({ actorKind: 'provider', outcome: 'applied' });
    expect(payment[0]!.entries.map((e) => e.movement)).toContain('repayment');
    expect(payment[0]!.input).toMatchObject({ payment: { externalId: code.code_id, amount: code.amount } });
    expect((payment[0]!.before as { outstanding: number }).outstanding).toBeGreaterThan(
      (payment[0]!.after as { outstanding: number }).outstanding,
    );
  });

  it('staff waive late fees only with the permission and a reason; the waiver is booked, audited and told', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    await advance(40);
    // The session expired while the clock moved on: the borrower signs in again.
    const { token } = await signIn(t.app, b.phone);
    const overdue = (await bills(t.app, token)).body.data;
    const lateFees = overdue.bills.reduce((sum, bill) => sum + bill.late_fee, 0);
    expect(lateFees).toBeGreaterThan(0);
    const { servicing } = t.app.loans;
    const before = await loanState(t.database.db, b.loanId);

    await expect(
      servicing.waiveLateFees(staff('loans.other'), { loanId: b.loanId }, 'goodwill'),
    ).rejects.toMatchObject({
      key: 'FORBIDDEN',
    });
    await expect(
      servicing.waiveLateFees(staff(SERVICING_PERMISSIONS.waiveLateFees), { loanId: b.loanId }, ' '),
    ).rejects.toMatchObject({ key: 'VALIDATION' });
    await expect(
      servicing.waiveLateFees({ kind: 'borrower', userId: b.userId }, { loanId: b.loanId }, 'please'),
    ).rejects.toMatchObject({ key: 'FORBIDDEN' });
    expect(await loanState(t.database.db, b.loanId)).toEqual(before);
    expect((await trail(t.database.db, b.loanId)).some((r) => r.command === 'loan.waive_late_fees')).toBe(
      false,
    );

    const result = await servicing.waiveLateFees(
      staff(SERVICING_PERMISSIONS.waiveLateFees),
      { loanId: b.loanId },
      'hospitalised, documents seen',
    );
    expect(result.waived).toBe(lateFees);
    const view = (await bills(t.app, token)).body.data;
    const owed = (v: typeof view) => v.bills.reduce((sum, bill) => sum + bill.outstanding, 0);
    expect(owed(view)).toBe(owed(overdue) - lateFees);
    // The bills no longer show the waived late fee as charged, and still add up.
    for (const bill of view.bills) {
      expect(bill.late_fee).toBe(0);
      expect(bill.total - bill.paid).toBe(bill.outstanding);
    }
    const waiver = (await trail(t.database.db, b.loanId)).filter((r) => r.command === 'loan.waive_late_fees');
    expect(waiver).toHaveLength(1);
    expect(waiver[0]).toMatchObject({
      actorKind: 'staff',
      actorId: 'staff-1',
      reason: 'hospitalised, documents seen',
      outcome: 'waived',
    });
    expect(waiver[0]!.entries.map((e) => e.movement)).toContain('waiver');
    const sms = await t.database.db
      .select({ body: messageOutbox.body })
      .from(messageOutbox)
      .where(eq(messageOutbox.idempotencyKey, `late-fees-waived:${waiver[0]!.id}`));
    expect(sms).toHaveLength(1);
  });

  it('staff write off an overdue loan with the permission; a loan that is not overdue is refused untouched', async () => {
    const current = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const writeOff = staff(SERVICING_PERMISSIONS.writeOff);
    await expect(
      t.app.loans.servicing.writeOff(writeOff, { loanId: current.loanId }, 'test'),
    ).rejects.toMatchObject({ key: 'CONFLICT' });
    expect((await trail(t.database.db, current.loanId)).some((r) => r.command === 'loan.write_off')).toBe(
      false,
    );

    await advance(120);
    const result = await t.app.loans.servicing.writeOff(
      writeOff,
      { loanId: current.loanId },
      'unreachable 90 days',
    );
    expect(result.state).toBe('written-off');
    expect((await loanState(t.database.db, current.loanId)).state).toBe('written-off');
    const rows = (await trail(t.database.db, current.loanId)).filter((r) => r.command === 'loan.write_off');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.entries.map((e) => e.movement)).toContain('write-off');
    expect(rows[0]!.before).toMatchObject({ state: 'overdue' });
    expect(rows[0]!.after).toMatchObject({ state: 'written-off', outstanding: 0 });
  });
});

describe('the executor and the audit trail', () => {
  const ledgerThenFail = defineCommand({
    name: 'test.ledger_then_fail',
    input: z.object({ loanId: z.string() }),
    actors: ['job'],
    handle: async (tx, { loanId }, { commandId, now }) => {
      await new LedgerService().append(
        tx,
        loanId,
        `test:${commandId}`,
        [
          {
            date: '2026-03-02',
            movement: 'waiver',
            lines: [debit('waiver-expense', rupiah(1)), credit('late-fee-receivable', rupiah(1))],
          },
        ],
        now,
        commandId,
      );
      throw new Error('handler failed after its ledger entry');
    },
  });

  it('a command that fails after writing its ledger entry leaves neither the entry nor an audit row', async () => {
    const loanId = `no-loan-${Date.now()}`;
    await expect(
      t.app.infra.commands.run(ledgerThenFail, { loanId }, { kind: 'job', job: 'test' }),
    ).rejects.toThrow('handler failed');
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.command, 'test.ledger_then_fail')),
    ).toEqual([]);
  });

  it('a borrower runs a command only for themselves', async () => {
    const own = defineCommand({
      name: 'test.own',
      input: z.object({ userId: z.string() }),
      actors: ['borrower'],
      owner: (input) => input.userId,
      handle: async () => ({ result: 'ran', outcome: 'ran', subject: null }),
    });
    await expect(
      t.app.infra.commands.run(own, { userId: 'someone-else' }, { kind: 'borrower', userId: 'me' }),
    ).rejects.toMatchObject({ key: 'FORBIDDEN' });
    expect(await t.app.infra.commands.run(own, { userId: 'me' }, { kind: 'borrower', userId: 'me' })).toBe(
      'ran',
    );
    const unowned = defineCommand({ ...own, name: 'test.unowned', owner: undefined });
    await expect(
      t.app.infra.commands.run(unowned, { userId: 'me' }, { kind: 'borrower', userId: 'me' }),
    ).rejects.toMatchObject({ key: 'FORBIDDEN' });
  });

  it('refuses an actor the command does not name, before anything runs', async () => {
    await expect(
      t.app.infra.commands.run(ledgerThenFail, { loanId: 'x' }, { kind: 'borrower', userId: 'u' }),
    ).rejects.toMatchObject({ key: 'FORBIDDEN' });
  });

  it('the database refuses a ledger entry naming a command with no audit row', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values({
          id: `orphan-${Date.now()}`,
          loanId: 'orphan',
          businessDate: '2026-03-02',
          movement: 'test',
          source: 'test',
          commandId: 'no-such-command',
          createdAt: new Date(),
        });
      }),
    ).rejects.toThrow();
    expect(
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, 'orphan')),
    ).toEqual([]);
  });

  it('the audit trail is append-only: an update or delete is refused by the database', async () => {
    const [row] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(isNotNull(auditLog.id))
      .limit(1);
    expect(row).toBeDefined();
    await expect(
      t.database.db.update(auditLog).set({ reason: 'rewritten' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log cascade`)).rejects.toThrow();
    expect(
      await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, row!.id)),
    ).toEqual([row]);
  });
});
