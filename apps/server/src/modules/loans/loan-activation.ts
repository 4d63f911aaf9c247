import { disburseLoan, openLoan, type Loan } from '@kaskita/domain/lifecycle/loan-account';
import { billStatusOf } from '@kaskita/domain/lifecycle/loan-state';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { Plan } from '@kaskita/domain/pricing/plan';
import type { Tx } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { billRowOf, type LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanRow } from './loan-orders-schema.ts';
import { accountColumns } from './stored-loan-account.ts';

export interface LoanActivationDependencies {
  repo: LoanOrdersRepository;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'setLoanStatus'>;
}

/**
 * A loan whose money left (a bank disbursement completed, or a pay-later purchase paid to the merchant) becomes an
 * active loan through the engine, in the caller's transaction: its disbursement journal (referencing the completed
 * disbursement row, as the ledger check expects), its account, its bills and the borrower's bill_status. One place, so
 * a cash loan and a pay-later loan are billed and repaid alike.
 */
export async function activateLoan(
  tx: Tx,
  deps: LoanActivationDependencies,
  loan: LoanRow,
  schedule: Plan,
  at: { date: BusinessDate; now: Date; commandId: string; disbursementId: string; bankAccountId: string },
): Promise<Loan> {
  const account = disburseLoan(openLoan(loan.id, schedule), at.date);
  await deps.ledger.append(
    tx,
    loan.id,
    `disbursement:${at.disbursementId}`,
    account.journal,
    at.now,
    at.commandId,
  );
  await deps.repo.update(tx, loan.id, 'awaiting-disbursement', {
    state: account.state,
    ...accountColumns(account),
    disbursedOn: at.date,
    bankAccountId: at.bankAccountId,
    failStatus: 0,
    failureReason: null,
    updatedAt: at.now,
  });
  await deps.repo.insertBills(
    tx,
    account.instalments.map((i) => billRowOf(loan.id, i, at.now)),
  );
  await deps.users.setLoanStatus(tx, loan.userId, {
    billStatus: billStatusOf(account.state),
    loanFailStatus: 0,
  });
  return account;
}
