import { createHash, randomUUID } from 'node:crypto';
import type { Loan } from '@kaskita/domain/lifecycle/loan-account';
import type { LoanState } from '@kaskita/domain/lifecycle/loan-state';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { Plan } from '@kaskita/domain/pricing/plan';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import { tenorKey } from '@kaskita/domain/pricing/tenor-key';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { BankCardsService } from '../bank-cards/bank-cards-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { activateLoan } from './loan-activation.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanRow } from './loan-orders-schema.ts';

/** Loans keep a purpose; a purchase is "other needs" (i18n/loan-purposes.ts 901): its items say what was bought. */
const PURCHASE_PURPOSE_ID = 901;

export interface PayLaterLoansDependencies {
  repo: LoanOrdersRepository;
  ledger: LedgerService;
  users: Pick<UserAccounts, 'setLoanStatus'>;
  cards: Pick<BankCardsService, 'defaultCard'>;
}

/** A purchase the commerce module has checked and priced, paid to a merchant. */
export interface PayLaterPurchase {
  userId: string;
  product: LoanProduct;
  plan: Plan;
  /** `merchant:<app id>`: where the money went, on the disbursement row. */
  payee: string;
  /** The merchant order it paid (the disbursement's provider reference and the loan's idempotency key). */
  orderId: string;
  /** The terms accepted (version and content): the loan keeps the version and the SHA-256 of the content. */
  terms: { version: string; content: unknown };
  locale: Locale;
  ip: string;
}

/**
 * Pay-later loans (issue 26): a purchase becomes a loan like a cash loan's, billed and repaid through the same bills,
 * except that its money goes to the merchant. It is opened and activated at once, in the purchase's transaction: a
 * completed disbursement row records the payment to the merchant (provider `merchant:<app id>`, settled with the
 * merchant outside this app), so the ledger check finds the disbursement its journal references.
 */
export class PayLaterLoansService {
  constructor(private readonly deps: PayLaterLoansDependencies) {}

  /** The borrower's open loan, if any (one at a time, cash or pay-later: the one-open-loan index). */
  async hasOpen(db: DbOrTx, userId: string): Promise<boolean> {
    return (await this.deps.repo.open(db, userId)) !== undefined;
  }

  /** What the borrower's open loans have not repaid of the limit. */
  usedPrincipal(db: DbOrTx, userId: string) {
    return this.deps.repo.usedPrincipal(db, userId);
  }

  async open(
    tx: Tx,
    purchase: PayLaterPurchase,
    at: { date: BusinessDate; now: Date; commandId: string },
  ): Promise<{ loan: LoanRow; account: Loan; disbursementId: string }> {
    if (await this.hasOpen(tx, purchase.userId)) throw new AppError('LOAN_OPEN');
    // The loan's bank account column is the borrower's account of record (an approved borrower has one); the money
    // itself goes to the merchant, as the disbursement row's provider says.
    const card = await this.deps.cards.defaultCard(purchase.userId, tx);
    if (!card) throw new AppError('BANK_ACCOUNT_REQUIRED');
    const { plan } = purchase;
    const loan = await this.deps.repo.insert(tx, {
      id: randomUUID(),
      userId: purchase.userId,
      idempotencyKey: `commerce:${purchase.orderId}`,
      state: 'awaiting-disbursement' satisfies LoanState,
      productId: purchase.product.id,
      product: purchase.product,
      amount: plan.amount,
      amountReceived: plan.disbursement.received,
      period: tenorKey(plan.tenor),
      purposeId: PURCHASE_PURPOSE_ID,
      plan,
      bankAccountId: card.id,
      agreementVersion: purchase.terms.version,
      agreementSha256: createHash('sha256').update(JSON.stringify(purchase.terms.content)).digest('hex'),
      acceptedAt: at.now,
      acceptedIp: purchase.ip,
      locale: purchase.locale,
      createdAt: at.now,
      updatedAt: at.now,
    });
    const disbursementId = randomUUID();
    await this.deps.repo.insertDisbursement(tx, {
      id: disbursementId,
      loanId: loan.id,
      bankAccountId: card.id,
      amount: loan.amountReceived,
      provider: purchase.payee,
      providerReference: purchase.orderId,
      status: 'completed',
      createdAt: at.now,
      updatedAt: at.now,
    });
    const account = await activateLoan(tx, this.deps, loan, plan, {
      ...at,
      disbursementId,
      bankAccountId: card.id,
    });
    return { loan, account, disbursementId };
  }
}
