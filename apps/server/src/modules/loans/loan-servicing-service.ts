import { z } from 'zod';
import { isRepaying, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import { waiveLateFees, writeOffLoan } from '@kaskita/domain/lifecycle/write-off';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, sumRupiah, ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { defineCommand, type Actor, type CommandContext } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { loanSummary, type BookedLoan, type LoanBookService } from './loan-book-service.ts';

/** The permissions a staff member's role must grant (the back office assigns them). */
export const SERVICING_PERMISSIONS = {
  waiveLateFees: PERMISSIONS.waiveLateFees,
  writeOff: PERMISSIONS.writeOff,
} as const;

export interface LoanServicingDependencies {
  book: LoanBookService;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'setLoanStatus' | 'signedIn'>;
  outbox: OutboxService;
  commands: CommandExecutor;
}

/**
 * Money the lender gives up on a loan, as staff commands: waiving late fees, writing off an overdue loan. The engine
 * (lifecycle/write-off.ts) books each so the journal still explains every rupiah; here the loan is locked, saved with
 * its bills and ledger lines, and the command leaves its audit row with who, why, and the loan before and after.
 */
export class LoanServicingService {
  constructor(private readonly deps: LoanServicingDependencies) {}

  readonly waiveLateFeesCommand = defineCommand({
    name: 'loan.waive_late_fees',
    input: z.object({
      loanId: z.string().min(1),
      /** Rupiah to waive, oldest bill first; every accrued late fee when absent. */
      amount: z.number().int().positive().brand<'Rupiah'>().optional(),
    }),
    actors: ['staff'],
    permission: SERVICING_PERMISSIONS.waiveLateFees,
    handle: async (tx, { loanId, amount }, context) => {
      const { row, account } = await this.repaying(tx, loanId);
      const after = waiveLateFees(account, businessDateAt(context.now), amount);
      const waived = sumRupiah(
        after.journal.filter((e) => e.movement === 'waiver').map((e) => e.lines[0]?.amount ?? ZERO_RUPIAH),
      );
      await this.save(tx, { row, account }, after, context);
      if (waived > 0)
        await this.tellBorrower(tx, row.userId, row.locale as Locale, waived, context.commandId);
      return {
        result: { waived, state: after.state },
        outcome: waived > 0 ? 'waived' : 'nothing-to-waive',
        subject: { type: 'loan', id: loanId },
        before: loanSummary(account),
        after: { ...loanSummary(after), waived },
      };
    },
  });

  readonly writeOffCommand = defineCommand({
    name: 'loan.write_off',
    input: z.object({ loanId: z.string().min(1) }),
    actors: ['staff'],
    permission: SERVICING_PERMISSIONS.writeOff,
    handle: async (tx, { loanId }, context) => {
      const { row, account } = await this.repaying(tx, loanId);
      if (account.state !== 'overdue') throw new AppError('CONFLICT');
      const after = writeOffLoan(account, businessDateAt(context.now));
      await this.save(tx, { row, account }, after, context);
      return {
        result: { state: after.state },
        // The borrower's credit can pay what is due, in which case the loan is cured, not written off.
        outcome: after.state === 'written-off' ? 'written-off' : 'cured',
        subject: { type: 'loan', id: loanId },
        before: loanSummary(account),
        after: loanSummary(after),
      };
    },
  });

  waiveLateFees(actor: Actor, input: { loanId: string; amount?: Rupiah }, reason: string) {
    return this.deps.commands.run(this.waiveLateFeesCommand, input, actor, { reason });
  }

  writeOff(actor: Actor, input: { loanId: string }, reason: string) {
    return this.deps.commands.run(this.writeOffCommand, input, actor, { reason });
  }

  private async repaying(tx: Tx, loanId: string): Promise<BookedLoan & { account: Loan }> {
    const booked = await this.deps.book.lock(tx, loanId);
    if (!booked?.account || !isRepaying(booked.account)) throw new AppError('NO_REPAYING_LOAN');
    return { row: booked.row, account: booked.account };
  }

  private async save(tx: Tx, { row }: BookedLoan, after: Loan, { commandId, now }: CommandContext) {
    await this.deps.ledger.append(tx, row.id, `command:${commandId}`, after.journal, now, commandId);
    await this.deps.book.save(tx, row, after, now);
    await this.deps.users.setLoanStatus(tx, row.userId, {
      billStatus: billStatusOf(after.state),
      loanFailStatus: 0,
    });
  }

  private async tellBorrower(tx: Tx, userId: string, locale: Locale, waived: Rupiah, commandId: string) {
    const user = await this.deps.users.signedIn(userId, tx);
    const amount = formatRupiah(waived);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body:
        locale === 'en-US'
          ? `KasKita: ${amount} of late fees on your loan has been waived. Check the app for your bills.`
          : `KasKita: denda keterlambatan ${amount} pada pinjaman Anda telah dihapuskan. Cek tagihan Anda di aplikasi.`,
      idempotencyKey: `late-fees-waived:${commandId}`,
      deliver: true,
    });
  }
}
