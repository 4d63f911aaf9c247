import { isRepaying } from '@kaskita/domain/lifecycle/loan-account';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { loanSummary } from '../loans/loan-book-service.ts';
import { defineModule } from '../module-plugin.ts';
import { AppError } from '../../http/app-error.ts';
import { ApprovalsRepository } from './approvals-repository.ts';
import { approvalsRoutes } from './approvals-routes.ts';
import { ApprovalsService } from './approvals-service.ts';
import { staffMoneyRoutes } from './staff-money-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Maker-checker: modules register the commands that need a second person and ask for them here. */
    approvals: ApprovalsService;
  }
}

/**
 * Maker-checker and the staff money commands of the back office (issue 25): approval requests, late-fee waivers,
 * write-offs and refunds (payments to resolve are their own module, and register their command here too). The commands stay in the modules that own the money
 * (loans, repayments, refunds); this module registers which of them need a second person and opens them to staff.
 */
export const approvalsModule = defineModule({
  name: 'approvals',
  dependencies: ['staff', 'loans', 'repayments', 'refunds'],
  register: async (app, infra, scope) => {
    const { db, commands } = infra;
    const approvals = new ApprovalsService({ db, repo: new ApprovalsRepository(), commands });
    const { applier } = app.repayments;
    const { servicing, book } = app.loans;
    const refunds = app.refunds.service;

    approvals.register({
      command: applier.resolveCommand,
      subject: (input) => ({ type: 'payment', id: input.paymentId }),
      preview: (tx, input) => applier.resolvePreview(tx, input),
    });
    const loanPreview = async (tx: Parameters<typeof book.lock>[0], loanId: string) => {
      const booked = await book.lock(tx, loanId);
      if (!booked?.account || !isRepaying(booked.account)) throw new AppError('NO_REPAYING_LOAN');
      return { loanId, borrowerId: booked.row.userId, ...loanSummary(booked.account) };
    };
    approvals.register({
      command: servicing.waiveLateFeesCommand,
      subject: (input) => ({ type: 'loan', id: input.loanId }),
      preview: async (tx, input) => ({
        ...(await loanPreview(tx, input.loanId)),
        waive: (input.amount as Rupiah | undefined) ?? 'every accrued late fee',
      }),
    });
    approvals.register({
      command: servicing.writeOffCommand,
      subject: (input) => ({ type: 'loan', id: input.loanId }),
      preview: async (tx, input) => {
        const preview = await loanPreview(tx, input.loanId);
        if (preview.state !== 'overdue') throw new AppError('CONFLICT');
        return preview;
      },
    });
    approvals.register({
      command: refunds.approveCommand,
      subject: (input) => ({ type: 'refund', id: input.refundId }),
      preview: (tx, input) => refunds.approvalPreview(tx, input.refundId),
      afterApproval: () => refunds.wake(),
    });
    approvals.register({
      command: refunds.returnPaymentCommand,
      subject: (input) => ({ type: 'payment', id: input.paymentId }),
      preview: (tx, input) => refunds.returnPreview(tx, input.paymentId),
      afterApproval: () => refunds.wake(),
    });

    app.decorate('approvals', approvals);
    await scope.api((api) => {
      approvalsRoutes(api, { approvals });
      staffMoneyRoutes(api, { approvals, servicing, refunds, commands });
    });
  },
});
