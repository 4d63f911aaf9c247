import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { AppConfig } from '@kaskita/domain/contract/config';
import type { LoanOrderBody, LoanOrderView } from '@kaskita/domain/contract/loans';
import { findLoanPurpose } from '@kaskita/domain/i18n/loan-purposes';
import { LOCALES, type Locale } from '@kaskita/domain/i18n/locale';
import { billStatusOf, transitionLoan, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { tenorKey } from '@kaskita/domain/pricing/tenor-key';
import type { Clock } from '../../clock.ts';
import { defineCommand } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { pgErrorCode, type Db, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { BankCardsService } from '../bank-cards/bank-cards-service.ts';
import type { PayPinService } from '../payment-pin/pay-pin-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { LoanAgreementService } from './loan-agreement-service.ts';
import { LOAN_AGREEMENT_VERSION, type LoanAgreementInput } from './loan-agreement-text.ts';
import type { LoanOffersService } from './loan-offers-service.ts';
import { cancellable, type LoanOrderViewService } from './loan-order-view-service.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { LoanRow } from './loan-orders-schema.ts';
import type { QuoteRequest } from './loan-quote.ts';

export interface LoanOrdersDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'signedIn' | 'lockSignedIn' | 'setLoanStatus' | 'consentWithdrawn'>;
  offers: Pick<LoanOffersService, 'cashProducts' | 'quote'>;
  agreements: Pick<LoanAgreementService, 'input' | 'render' | 'keepSigned' | 'forgetSigned'>;
  cards: Pick<BankCardsService, 'defaultCard'>;
  config: { appConfig(): Promise<AppConfig> };
  /** Queues the first try of a new order's disbursement in its transaction (disbursement-service.ts). */
  disbursements: { queueFirst(tx: Tx, loan: LoanRow, bankAccountId: string): Promise<void>; wake(): void };
  views: Pick<LoanOrderViewService, 'view'>;
  commands: CommandExecutor;
  /** The payment PIN, once the borrower has set one, confirms every order. */
  pins: Pick<PayPinService, 'confirm'>;
}

/** Who accepted, and from where (stored with the order). */
export interface Acceptance {
  ip: string;
  locale: Locale;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string | undefined;
}

/**
 * How often an order's agreement is rendered again when what it states changed between its rendering and the order's
 * transaction (the borrower chose another card meanwhile). Past that the request is refused as a conflict.
 */
const AGREEMENT_RENDERS = 3;

/**
 * The loan order: create, the open order, cancel. An order locks the borrower's user row, so a double tap (or 100
 * parallel submits) makes one order, and one open loan per borrower is also a unique index.
 */
export class LoanOrdersService {
  constructor(private readonly deps: LoanOrdersDependencies) {}

  /**
   * POST /v1/order/loan. The key (header, else the form's order token) makes a repeated request answer the first
   * order; without one, the one-open-loan rule still stops a second.
   */
  async create(userId: string, body: LoanOrderBodyParsed, acceptance: Acceptance): Promise<LoanOrderView> {
    if (body.agreement_version !== LOAN_AGREEMENT_VERSION) throw new AppError('AGREEMENT_OUTDATED');
    if (!findLoanPurpose(body.purpose_id))
      throw new AppError(
        'VALIDATION',
        { fields: { purpose_id: 'loan.purpose_required' } },
        'loan.purpose_required',
      );
    // Every request, a repeated one too: the answer of a repeated order is the order itself.
    await this.deps.pins.confirm(userId, body.pay_pin);
    const key = acceptance.idempotencyKey ?? body.order_token ?? randomUUID();
    const request = { pid: body.pid, money: body.money, period: body.period };
    const existing = await this.deps.repo.byIdempotencyKey(this.deps.db, userId, key);
    if (existing) return this.sameOrder(existing, request, acceptance.locale);

    const now = this.deps.clock.now();
    const [products, config] = await Promise.all([
      this.deps.offers.cashProducts(businessDateAt(now)),
      this.deps.config.appConfig(),
    ]);
    // The id and the time are fixed before the first transaction: the agreement prints both.
    const id = randomUUID();
    // Why the agreement is rendered between two transactions: rendering the PDF takes about 50 ms of CPU, and inside
    // the order's transaction it held the lock on the borrower's user row all that time, stalling everything else that
    // locks or updates that row (the order's double taps, a credit decision, a payment claim, a callback setting the
    // loan status). The first transaction checks the order under the lock and reads what the agreement states; the PDF
    // is rendered from that with no lock held; the next transaction reads it all again under the lock and stores the
    // order with the PDF's SHA-256 only when every input is unchanged (else it renders again). So the stored hash is
    // exactly that of the agreement the order shows (GET /v1/order/agreement?order_id= renders it from the same
    // inputs). Rendering after commit was the other choice, but the order, and the disbursement queued with it, would
    // then exist for a while without the agreement it was accepted under.
    const order: OrderCreation = {
      userId,
      orderId: id,
      idempotencyKey: key,
      ...request,
      purposeId: body.purpose_id,
      ip: acceptance.ip,
      locale: acceptance.locale,
    };
    const borrower = { kind: 'borrower', userId } as const;
    let rendered: RenderedAgreement | null = null;
    let created: LoanRow | null = null;
    try {
      for (let renders = 0; !created; renders++) {
        try {
          const prepared = { products, config, now, rendered };
          created = await this.deps.commands.run(this.createCommand(prepared), order, borrower);
        } catch (error) {
          if (!(error instanceof StaleAgreement)) throw error;
          if (renders === AGREEMENT_RENDERS) throw new AppError('CONFLICT');
          const { pdf, sha256 } = await this.deps.agreements.render(error.input);
          // Kept before the transaction that stores its hash: an order never exists without its signed copy.
          await this.deps.agreements.keepSigned(id, pdf);
          rendered = { input: error.input, sha256 };
        }
      }
    } catch (error) {
      if (rendered) await this.deps.agreements.forgetSigned(id);
      // The unique indexes are the last word when two requests race past the lock (they cannot on one user row).
      if (pgErrorCode(error) === '23505') {
        const raced = await this.deps.repo.byIdempotencyKey(this.deps.db, userId, key);
        if (raced) return this.sameOrder(raced, request, acceptance.locale);
        throw new AppError('LOAN_OPEN');
      }
      throw error;
    }
    this.deps.disbursements.wake();
    return this.deps.views.view(created, acceptance.locale);
  }

  /**
   * `loan.order.create`, the borrower's own. Its input is what the audit row keeps (ids, amounts, the request); the
   * reads prepared before its transaction (products, configuration, the agreement rendered from the last reading) ride
   * with the handler. An agreement rendered from other inputs than the ones read under the lock rolls the command back
   * (StaleAgreement) to be rendered again.
   */
  private createCommand(prepared: PreparedOrder) {
    return defineCommand({
      name: 'loan.order.create',
      input: orderCreationSchema,
      actors: ['borrower'],
      owner: (order) => order.userId,
      handle: async (tx, order) => {
        const { userId } = order;
        const date = businessDateAt(prepared.now);
        const user = await this.deps.users.lockSignedIn(tx, userId);
        // Under the row lock a block takes too: no loan starts once the block has committed.
        if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
        // After the lock: a concurrent copy of this request committed its order first.
        const again = await this.deps.repo.byIdempotencyKey(tx, userId, order.idempotencyKey);
        if (again) return { result: again, outcome: 'replay', subject: { type: 'loan', id: again.id } };
        // A new loan is assessed on the privacy consent (Me > My data): withdrawn, none is made.
        if (await this.deps.users.consentWithdrawn(tx, userId, 'privacy'))
          throw new AppError('CONSENT_WITHDRAWN');
        if (await this.deps.repo.open(tx, userId)) throw new AppError('LOAN_OPEN');
        const quote = await this.deps.offers.quote(userId, order, tx, { products: prepared.products, date });
        const card = await this.deps.cards.defaultCard(userId, tx);
        if (!card) throw new AppError('BANK_ACCOUNT_REQUIRED');
        const terms = { plan: quote.plan, purposeId: order.purposeId, bankAccountId: card.id };
        const input = await this.deps.agreements.input(
          userId,
          order.orderId,
          prepared.now,
          terms,
          tx,
          prepared.config,
        );
        const expected = prepared.rendered;
        if (!expected || !isDeepStrictEqual(input, expected.input)) throw new StaleAgreement(input);
        const loan = await this.deps.repo.insert(tx, {
          id: order.orderId,
          userId,
          idempotencyKey: order.idempotencyKey,
          state: 'awaiting-disbursement' satisfies LoanState,
          productId: quote.product.id,
          product: quote.product,
          amount: quote.plan.amount,
          amountReceived: quote.plan.disbursement.received,
          period: tenorKey(quote.plan.tenor),
          purposeId: order.purposeId,
          plan: quote.plan,
          bankAccountId: card.id,
          agreementVersion: LOAN_AGREEMENT_VERSION,
          agreementSha256: expected.sha256,
          acceptedAt: prepared.now,
          acceptedIp: order.ip,
          locale: order.locale,
          createdAt: prepared.now,
          updatedAt: prepared.now,
        });
        await this.deps.users.setLoanStatus(tx, userId, {
          billStatus: billStatusOf('awaiting-disbursement'),
          loanFailStatus: 0,
        });
        await this.deps.disbursements.queueFirst(tx, loan, card.id);
        return {
          result: loan,
          outcome: 'created',
          subject: { type: 'loan', id: loan.id },
          after: {
            state: loan.state,
            amount: loan.amount,
            received: loan.amountReceived,
            period: loan.period,
            agreementSha256: loan.agreementSha256,
          },
        };
      },
    });
  }

  /** A repeated request with the same key answers its order; the key reused for another order is a conflict. */
  private async sameOrder(loan: LoanRow, request: QuoteRequest, locale: Locale): Promise<LoanOrderView> {
    if (loan.productId !== request.pid || loan.amount !== request.money || loan.period !== request.period)
      throw new AppError('CONFLICT');
    return this.deps.views.view(loan, locale);
  }

  async current(userId: string, locale: Locale): Promise<{ order: LoanOrderView | null }> {
    await this.deps.users.signedIn(userId);
    const loan = await this.deps.repo.open(this.deps.db, userId);
    return { order: loan ? await this.deps.views.view(loan, locale) : null };
  }

  /** Cooling-off: free while nothing was sent to the bank (the first try still queued, or the bank refused). */
  async cancel(userId: string, orderId: string, locale: Locale): Promise<LoanOrderView> {
    const loan = await this.deps.commands.run(
      this.cancelCommand,
      { userId, orderId },
      { kind: 'borrower', userId },
    );
    return this.deps.views.view(loan, locale);
  }

  /** `loan.order.cancel`, the borrower's own: the queued try is withdrawn and the loan ends before any money moved. */
  private readonly cancelCommand = defineCommand({
    name: 'loan.order.cancel',
    input: z.object({ userId: z.string().min(1), orderId: z.string().min(1) }),
    actors: ['borrower'],
    owner: (input) => input.userId,
    handle: async (tx, { userId, orderId }, { now }) => {
      const row = await this.deps.repo.ofUser(tx, userId, orderId, true);
      if (!row) throw new AppError('NOT_FOUND');
      const latest = await this.deps.repo.latestDisbursement(tx, row.id);
      if (!cancellable(row, latest)) throw new AppError('CANNOT_CANCEL');
      if (latest?.status === 'queued') {
        const moved = await this.deps.repo.moveDisbursement(tx, latest.id, ['queued'], {
          status: 'cancelled',
          updatedAt: now,
        });
        if (!moved) throw new AppError('CANNOT_CANCEL');
      }
      const state = transitionLoan(row.state as LoanState, 'cancel');
      const updated = await this.deps.repo.update(tx, row.id, row.state as LoanState, {
        state,
        updatedAt: now,
      });
      await this.deps.users.setLoanStatus(tx, userId, { billStatus: billStatusOf(state), loanFailStatus: 0 });
      return {
        result: updated,
        outcome: 'cancelled',
        subject: { type: 'loan', id: row.id },
        before: { state: row.state },
        after: { state },
      };
    },
  });
}

/** The order form as the contract parses it. */
export type LoanOrderBodyParsed = {
  pid: string;
  money: Rupiah;
  period: string;
  purpose_id: number;
  agreement_version: string;
  order_token?: string | undefined;
} & Omit<Partial<LoanOrderBody>, 'money' | 'purpose_id'>;

/** What `loan.order.create` is given, and keeps in its audit row. */
const orderCreationSchema = z.object({
  userId: z.string().min(1),
  orderId: z.string().uuid(),
  idempotencyKey: z.string().min(1),
  pid: z.string().min(1),
  money: z.number().int().positive().brand<'Rupiah'>(),
  period: z.string().min(1),
  purposeId: z.number().int(),
  ip: z.string(),
  locale: z.enum(LOCALES),
});
type OrderCreation = z.infer<typeof orderCreationSchema>;

interface RenderedAgreement {
  input: LoanAgreementInput;
  sha256: string;
}

interface PreparedOrder {
  products: Awaited<ReturnType<LoanOrdersDependencies['offers']['cashProducts']>>;
  config: AppConfig;
  now: Date;
  rendered: RenderedAgreement | null;
}

/** The agreement was rendered from other inputs than those read under the lock: roll back, render again. */
class StaleAgreement extends Error {
  constructor(readonly input: LoanAgreementInput) {
    super('the agreement changed before the order was stored');
  }
}
