import { z } from 'zod';
import { STUCK_AFTER_MINUTES } from '@kaskita/domain/contract/admin-care';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { billStatusOf, transitionLoan, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { defineCommand } from '../../commands/command.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { DISBURSEMENT_SEND, type DisbursementService } from '../loans/disbursement-service.ts';
import type { DisbursementRow, LoanRow } from '../loans/loan-orders-schema.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { CareRepository } from './care-repository.ts';

/** What the desk asks of the loans module's rows (its `usage`), each in the command's transaction. */
export interface LoanRows {
  byIdForUpdate(tx: Tx, loanId: string): Promise<LoanRow | undefined>;
  latestDisbursement(tx: Tx, loanId: string): Promise<DisbursementRow | undefined>;
  update(
    tx: Tx,
    loanId: string,
    from: LoanState,
    changes: Partial<Pick<LoanRow, 'state' | 'failStatus' | 'failureReason'>> & { updatedAt: Date },
  ): Promise<LoanRow>;
  moveDisbursement(
    tx: Tx,
    id: string,
    from: readonly string[],
    changes: { status: string; updatedAt: Date },
  ): Promise<DisbursementRow | undefined>;
}

export interface DisbursementDeskDependencies {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  care: CareRepository;
  loans: LoanRows;
  disbursements: Pick<DisbursementService, 'queue' | 'wake'>;
  users: Pick<UserAccounts, 'setLoanStatus' | 'signedIn'>;
  outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
}

/** The SMS when staff cancel a loan before its money left: nothing is owed, and they may borrow again. */
export function cancelledMessage(locale: Locale, amount: Rupiah): string {
  const rp = formatRupiah(amount);
  return locale === 'id-ID'
    ? `KasKita: pinjaman ${rp} Anda dibatalkan sebelum dana dikirim. Tidak ada tagihan; Anda dapat mengajukan lagi.`
    : `KasKita: your ${rp} loan was cancelled before any money was sent. Nothing is owed; you may apply again.`;
}

/** Tries the provider may hold: while one exists, the loan's money may still leave. */
const AT_PROVIDER: readonly string[] = ['sending', 'pending'];

type Tab = 'pending' | 'failed' | 'stuck';

/**
 * Disbursements that need a person. Never two payouts for one loan: the loan row is locked for each command, a new
 * try is made only for an interrupted loan (none in flight, and the database allows one in flight per loan), a stuck
 * try is asked for again under its own external id (the provider pays an id once), and a late callback of an old,
 * failed try finds nothing to complete (disbursement-service.ts moves only tries in flight).
 */
export class DisbursementDeskService {
  constructor(private readonly deps: DisbursementDeskDependencies) {}

  private stuckBefore(now: Date): Date {
    return new Date(now.getTime() - STUCK_AFTER_MINUTES * 60_000);
  }

  private isStuck(latest: Pick<DisbursementRow, 'status' | 'updatedAt'> | null, now: Date): boolean {
    return latest?.status === 'sending' && latest.updatedAt < this.stuckBefore(now);
  }

  async list(tab: Tab, paging: Paging) {
    const now = this.deps.clock.now();
    const { rows, total } = await this.deps.care.disbursements(
      this.deps.db,
      tab,
      this.stuckBefore(now),
      paging,
    );
    return {
      total,
      items: rows.map(({ loan, latest, attempts }) => ({
        loan_id: loan.id,
        user_id: loan.userId,
        loan_state: loan.state,
        amount: loan.amountReceived,
        disbursement_id: latest?.id ?? null,
        status: latest?.status ?? null,
        failure: latest?.failureCode ?? loan.failureReason ?? null,
        attempts,
        created_at: (latest?.createdAt ?? loan.createdAt).toISOString(),
        updated_at: (latest?.updatedAt ?? loan.updatedAt).toISOString(),
        can_retry: loan.state === 'disbursement-failed' || this.isStuck(latest, now),
        can_cancel:
          (loan.state === 'awaiting-disbursement' || loan.state === 'disbursement-failed') &&
          !AT_PROVIDER.includes(latest?.status ?? ''),
      })),
    };
  }

  /** `disbursement.retry`: a new try for an interrupted loan, or the stuck try asked for again. */
  readonly retryCommand = defineCommand({
    name: 'disbursement.retry',
    input: z.object({ loanId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.disbursementManage,
    handle: async (tx, { loanId }, { commandId, now }) => {
      const { loans, users } = this.deps;
      const loan = await loans.byIdForUpdate(tx, loanId);
      if (!loan) throw new AppError('NOT_FOUND');
      const latest = (await loans.latestDisbursement(tx, loan.id)) ?? null;
      const subject = { type: 'loan', id: loan.id };
      if (loan.state === 'disbursement-failed') {
        const state = transitionLoan(loan.state as LoanState, 'resubmit');
        const updated = await loans.update(tx, loan.id, 'disbursement-failed', {
          state,
          failStatus: 0,
          failureReason: null,
          updatedAt: now,
        });
        await users.setLoanStatus(tx, loan.userId, { billStatus: billStatusOf(state), loanFailStatus: 0 });
        await this.deps.disbursements.queue(tx, updated, loan.bankAccountId);
        return {
          result: { loan_id: loan.id, loan_state: state, outcome: 'requeued' },
          outcome: 'requeued',
          subject,
          before: { state: loan.state, disbursementId: latest?.id ?? null, failure: loan.failureReason },
          after: { state },
        };
      }
      if (loan.state === 'awaiting-disbursement' && latest && this.isStuck(latest, now)) {
        // Touched, so it is no longer stuck: a second retry meanwhile is refused rather than sent a third time.
        await loans.moveDisbursement(tx, latest.id, ['sending'], { status: 'sending', updatedAt: now });
        // The same try, the same external id: if the provider already holds it, it answers it again, never pays twice.
        await this.deps.jobs.send(
          DISBURSEMENT_SEND,
          { disbursementId: latest.id },
          { tx, key: `${latest.id}:retry:${commandId}` },
        );
        return {
          result: { loan_id: loan.id, loan_state: loan.state, outcome: 'resent' },
          outcome: 'resent',
          subject,
          before: { state: loan.state, disbursementId: latest.id, status: latest.status },
          after: { state: loan.state, disbursementId: latest.id },
        };
      }
      throw new AppError('DISBURSEMENT_NOT_RETRYABLE');
    },
  });

  /** `disbursement.cancel`: the loan ends before any money left; no bills, so nothing accrues. */
  readonly cancelCommand = defineCommand({
    name: 'disbursement.cancel',
    input: z.object({ loanId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.disbursementManage,
    handle: async (tx, { loanId }, { now }) => {
      const { loans, users } = this.deps;
      const loan = await loans.byIdForUpdate(tx, loanId);
      if (!loan) throw new AppError('NOT_FOUND');
      if (loan.state !== 'awaiting-disbursement' && loan.state !== 'disbursement-failed')
        throw new AppError('DISBURSEMENT_NOT_CANCELLABLE');
      const latest = await loans.latestDisbursement(tx, loan.id);
      if (latest && (AT_PROVIDER.includes(latest.status) || latest.status === 'completed'))
        throw new AppError('DISBURSEMENT_NOT_CANCELLABLE');
      if (latest?.status === 'queued') {
        // Conditional: if the job claimed it meanwhile, it may be at the provider, and the loan is not ours to end.
        const moved = await loans.moveDisbursement(tx, latest.id, ['queued'], {
          status: 'cancelled',
          updatedAt: now,
        });
        if (!moved) throw new AppError('DISBURSEMENT_NOT_CANCELLABLE');
      }
      const state = transitionLoan(loan.state as LoanState, 'cancel');
      await loans.update(tx, loan.id, loan.state as LoanState, { state, failStatus: 0, updatedAt: now });
      await users.setLoanStatus(tx, loan.userId, { billStatus: billStatusOf(state), loanFailStatus: 0 });
      const user = await users.signedIn(loan.userId, tx);
      await this.deps.outbox.enqueue(tx, {
        channel: 'sms',
        recipient: user.phone,
        body: cancelledMessage(loan.locale as Locale, loan.amount),
        idempotencyKey: `loan-cancelled-by-staff:${loan.id}`,
        deliver: true,
      });
      return {
        result: { loan_id: loan.id, loan_state: state, outcome: 'cancelled' },
        outcome: 'cancelled',
        subject: { type: 'loan', id: loan.id },
        before: { state: loan.state, disbursementId: latest?.id ?? null },
        after: { state },
      };
    },
  });

  wake(): void {
    this.deps.disbursements.wake();
    this.deps.outbox.wake();
  }
}
