import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@kaskita/domain/contract/config';
import type {
  AgreementView,
  LoanOrderBody,
  LoanOrderView,
  LoanPlanView,
  LoanProducts,
  PurposeView,
} from '@kaskita/domain/contract/loans';
import type { BankCards } from '@kaskita/domain/contract/profile';
import { VERIFY } from '@kaskita/domain/contract/user';
import { findLoanPurpose, LOAN_PURPOSES, type LoanPurposeNode } from '@kaskita/domain/i18n/loan-purposes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { billStatusOf, transitionLoan, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { formatPercent } from '@kaskita/domain/money/rate';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { PlanInstalment } from '@kaskita/domain/pricing/plan';
import { productRates, type LoanProduct } from '@kaskita/domain/pricing/product';
import { maxDailyRate } from '@kaskita/domain/pricing/rates';
import { capsInForce } from '@kaskita/domain/pricing/regulatory-caps';
import { lateFeeCeiling } from '@kaskita/domain/pricing/regulatory-check';
import { parseTenorKey, tenorKey, tenorLabel } from '@kaskita/domain/pricing/tenor-key';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import { pgErrorCode, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { BankCardsService } from '../profile/bank-cards-service.ts';
import { bankName, maskedNumber } from '../profile/bank-cards-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { LOAN_AGREEMENT_VERSION, loanAgreementText, type LoanAgreementInput } from './loan-agreement-text.ts';
import { renderLoanAgreementPdf } from './loan-agreement-pdf.ts';
import type { LoanProductsService } from './loan-products-service.ts';
import type { LoanOrdersRepository } from './loan-orders-repository.ts';
import type { DisbursementRow, LoanRow } from './loan-orders-schema.ts';
import { quoteLoan, type Quote, type QuoteRequest } from './loan-quote.ts';
import { describeFailure } from './disbursement-messages.ts';

export interface LoanOrdersDependencies {
  db: Db;
  repo: LoanOrdersRepository;
  clock: Clock;
  products: LoanProductsService;
  users: Pick<UserAccounts, 'signedIn' | 'lockSignedIn' | 'setLoanStatus'>;
  /** The approved credit limit (application module), 0 unless approved. */
  limits: { approvedLimit(userId: string, db?: DbOrTx): Promise<number> };
  profile: {
    monthlyIncome(userId: string, db?: DbOrTx): Promise<number>;
    agreementParty(userId: string, db?: DbOrTx): Promise<{ name: string; nikMasked: string } | null>;
  };
  cards: BankCardsService;
  config: { appConfig(): Promise<AppConfig> };
  /** Queues the first try of a new order's disbursement in its transaction (disbursement-service.ts). */
  disbursements: { queueFirst(tx: Tx, loan: LoanRow, bankAccountId: string): Promise<void>; wake(): void };
}

/** Who accepted, and from where (stored with the order). */
export interface Acceptance {
  ip: string;
  locale: Locale;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string | undefined;
}

/**
 * Borrowing: the products a borrower may take, the plan, the agreement and the order. Every figure comes from the loan
 * engine on the server's business date; nothing the client computed is trusted. An order locks the borrower's user
 * row, so a double tap (or 100 parallel submits) makes one order, and one open loan per borrower is also a unique
 * index.
 */
export class LoanOrdersService {
  constructor(private readonly deps: LoanOrdersDependencies) {}

  private today(): string {
    return businessDateAt(this.deps.clock.now());
  }

  private async available(userId: string, db: DbOrTx): Promise<number> {
    const [limit, used] = await Promise.all([
      this.deps.limits.approvedLimit(userId, db),
      this.deps.repo.usedPrincipal(db, userId),
    ]);
    return Math.max(0, limit - used);
  }

  private async cashProducts(date: string): Promise<LoanProduct[]> {
    return (await this.deps.products.offered(date)).filter((p) => p.kind === 'cash-loan');
  }

  async products(userId: string, locale: Locale): Promise<LoanProducts> {
    const user = await this.deps.users.signedIn(userId);
    const db = this.deps.db;
    const [available, open, products] = await Promise.all([
      this.available(userId, db),
      this.deps.repo.open(db, userId),
      this.cashProducts(this.today()),
    ]);
    const reason =
      user.verify !== VERIFY.APPROVED
        ? 'not_approved'
        : open
          ? 'open_loan'
          : available <= 0
            ? 'no_limit'
            : null;
    return {
      can_borrow: reason === null,
      reason,
      available_amount: available,
      list: products.map((p) => productView(p, available, locale)),
    };
  }

  purposes(locale: Locale): { list: PurposeView[] } {
    return { list: LOAN_PURPOSES.map((node) => purposeView(node, null, locale)) };
  }

  /**
   * The engine's plan for what the borrower asks, checked as an order would be. Inside a transaction every read goes
   * through it (`db`), and the products come read beforehand: on PGlite's one connection a read beside an open
   * transaction would wait for it forever.
   */
  private async quote(
    userId: string,
    request: QuoteRequest,
    db: DbOrTx,
    products?: readonly LoanProduct[],
  ): Promise<Quote> {
    const user = await this.deps.users.signedIn(userId, db);
    if (user.verify !== VERIFY.APPROVED) throw new AppError('NOT_APPROVED');
    const date = this.today();
    const [offered, available, monthlyIncome] = await Promise.all([
      products ?? this.cashProducts(date),
      this.available(userId, db),
      this.deps.profile.monthlyIncome(userId, db),
    ]);
    return quoteLoan(request, { products: offered, available, monthlyIncome, date });
  }

  async plan(userId: string, request: QuoteRequest, locale: Locale): Promise<LoanPlanView> {
    return planView(await this.quote(userId, request, this.deps.db), locale);
  }

  /** A preview of the agreement for a plan (before ordering), or the one an order was accepted with. */
  async agreement(
    userId: string,
    query: {
      order_id?: string | undefined;
      pid?: string;
      money?: string;
      period?: string;
      purpose_id?: string;
    },
    locale: Locale,
    withPdf: boolean,
  ): Promise<AgreementView> {
    let input: LoanAgreementInput;
    if (query.order_id) {
      const loan = await this.deps.repo.ofUser(this.deps.db, userId, query.order_id);
      if (!loan) throw new AppError('NOT_FOUND');
      input = await this.agreementInput(userId, loan.id, loan.acceptedAt, loan, this.deps.db);
    } else {
      const money = Number(query.money);
      if (!query.pid || !query.period || !Number.isSafeInteger(money))
        throw new AppError('AMOUNT_NOT_OFFERED');
      const quote = await this.quote(userId, { pid: query.pid, money, period: query.period }, this.deps.db);
      input = await this.agreementInput(
        userId,
        null,
        this.deps.clock.now(),
        { plan: quote.plan, purposeId: Number(query.purpose_id ?? 0), bankAccountId: null },
        this.deps.db,
      );
    }
    const { pdf, sha256 } = await renderLoanAgreementPdf(input);
    const text = loanAgreementText(input, locale);
    return {
      version: LOAN_AGREEMENT_VERSION,
      order_id: input.orderId,
      sha256,
      title: text.title,
      subtitle: text.subtitle,
      sections: text.sections,
      pdf_base64: withPdf ? Buffer.from(pdf).toString('base64') : null,
    };
  }

  private async agreementInput(
    userId: string,
    orderId: string | null,
    issuedAt: Date,
    order: Pick<LoanRow, 'plan' | 'purposeId'> & { bankAccountId: string | null },
    db: DbOrTx,
    appConfig?: AppConfig,
  ): Promise<LoanAgreementInput> {
    const [config, party, user, card] = await Promise.all([
      appConfig ?? this.deps.config.appConfig(),
      this.deps.profile.agreementParty(userId, db),
      this.deps.users.signedIn(userId, db),
      order.bankAccountId
        ? this.deps.cards.card(userId, order.bankAccountId, db)
        : this.deps.cards.defaultCard(userId, db),
    ]);
    if (!party) throw new AppError('PROFILE_INCOMPLETE');
    if (!card) throw new AppError('BANK_ACCOUNT_REQUIRED');
    const purpose = findLoanPurpose(order.purposeId);
    return {
      orderId,
      issuedAt,
      plan: order.plan,
      lender: {
        legalName: config.company_legal_name,
        address: config.company_address,
        ojkRegistrationNumber: config.ojk_registration_number,
        supportPhone: config.support_phone,
        supportEmail: config.support_email,
        complaintEmail: config.complaint_email,
      },
      borrower: { name: party.name, nikMasked: party.nikMasked, phoneMasked: maskPhone(user.phone) },
      disbursementAccount: {
        bankName: bankName(card.bankCode),
        accountMasked: maskedNumber(card.lastDigits),
      },
      purpose: purpose?.name ?? { 'id-ID': '-', 'en-US': '-' },
      caps: agreementCaps(order.plan),
    };
  }

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
    const key = acceptance.idempotencyKey ?? body.order_token ?? randomUUID();
    const request = { pid: body.pid, money: body.money, period: body.period };
    const existing = await this.deps.repo.byIdempotencyKey(this.deps.db, userId, key);
    if (existing) return this.sameOrder(existing, request, acceptance.locale);

    const [products, config] = await Promise.all([
      this.cashProducts(this.today()),
      this.deps.config.appConfig(),
    ]);
    let created: LoanRow;
    try {
      created = await this.deps.db.transaction(async (tx) => {
        await this.deps.users.lockSignedIn(tx, userId);
        // After the lock: a concurrent copy of this request committed its order first.
        const again = await this.deps.repo.byIdempotencyKey(tx, userId, key);
        if (again) return again;
        if (await this.deps.repo.open(tx, userId)) throw new AppError('LOAN_OPEN');
        const quote = await this.quote(userId, request, tx, products);
        const card = await this.deps.cards.defaultCard(userId, tx);
        if (!card) throw new AppError('BANK_ACCOUNT_REQUIRED');
        const id = randomUUID();
        const now = this.deps.clock.now();
        const agreement = await renderLoanAgreementPdf(
          await this.agreementInput(
            userId,
            id,
            now,
            { plan: quote.plan, purposeId: body.purpose_id, bankAccountId: card.id },
            tx,
            config,
          ),
        );
        const loan = await this.deps.repo.insert(tx, {
          id,
          userId,
          idempotencyKey: key,
          state: 'awaiting-disbursement' satisfies LoanState,
          productId: quote.product.id,
          product: quote.product,
          amount: quote.plan.amount,
          amountReceived: quote.plan.disbursement.received,
          period: tenorKey(quote.plan.tenor),
          purposeId: body.purpose_id,
          plan: quote.plan,
          bankAccountId: card.id,
          agreementVersion: LOAN_AGREEMENT_VERSION,
          agreementSha256: agreement.sha256,
          acceptedAt: now,
          acceptedIp: acceptance.ip,
          locale: acceptance.locale,
          createdAt: now,
          updatedAt: now,
        });
        await this.deps.users.setLoanStatus(tx, userId, {
          billStatus: billStatusOf('awaiting-disbursement'),
          loanFailStatus: 0,
        });
        await this.deps.disbursements.queueFirst(tx, loan, card.id);
        return loan;
      });
    } catch (error) {
      // The unique indexes are the last word when two requests race past the lock (they cannot on one user row).
      if (pgErrorCode(error) === '23505') {
        const raced = await this.deps.repo.byIdempotencyKey(this.deps.db, userId, key);
        if (raced) return this.sameOrder(raced, request, acceptance.locale);
        throw new AppError('LOAN_OPEN');
      }
      throw error;
    }
    this.deps.disbursements.wake();
    return this.view(created, acceptance.locale);
  }

  /** A repeated request with the same key answers its order; the key reused for another order is a conflict. */
  private async sameOrder(loan: LoanRow, request: QuoteRequest, locale: Locale): Promise<LoanOrderView> {
    if (loan.productId !== request.pid || loan.amount !== request.money || loan.period !== request.period)
      throw new AppError('CONFLICT');
    return this.view(loan, locale);
  }

  async current(userId: string, locale: Locale): Promise<{ order: LoanOrderView | null }> {
    await this.deps.users.signedIn(userId);
    const loan = await this.deps.repo.open(this.deps.db, userId);
    return { order: loan ? await this.view(loan, locale) : null };
  }

  /** Cooling-off: free while nothing was sent to the bank (the first try still queued, or the bank refused). */
  async cancel(userId: string, orderId: string, locale: Locale): Promise<LoanOrderView> {
    const loan = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.ofUser(tx, userId, orderId, true);
      if (!row) throw new AppError('NOT_FOUND');
      const latest = await this.deps.repo.latestDisbursement(tx, row.id);
      if (!cancellable(row, latest)) throw new AppError('CANNOT_CANCEL');
      if (latest?.status === 'queued') {
        const moved = await this.deps.repo.moveDisbursement(tx, latest.id, ['queued'], {
          status: 'cancelled',
          updatedAt: this.deps.clock.now(),
        });
        if (!moved) throw new AppError('CANNOT_CANCEL');
      }
      const state = transitionLoan(row.state as LoanState, 'cancel');
      const updated = await this.deps.repo.update(tx, row.id, row.state as LoanState, {
        state,
        updatedAt: this.deps.clock.now(),
      });
      await this.deps.users.setLoanStatus(tx, userId, { billStatus: billStatusOf(state), loanFailStatus: 0 });
      return updated;
    });
    return this.view(loan, locale);
  }

  async cards(userId: string): Promise<BankCards> {
    return this.deps.cards.list(userId);
  }

  /** The order as the app shows it. */
  async view(loan: LoanRow, locale: Locale): Promise<LoanOrderView> {
    const [latest, card, bills] = await Promise.all([
      this.deps.repo.latestDisbursement(this.deps.db, loan.id),
      this.deps.cards.card(loan.userId, loan.bankAccountId).catch(() => null),
      loan.account ? this.deps.repo.bills(this.deps.db, loan.id) : Promise.resolve([]),
    ]);
    const tenor = parseTenorKey(loan.period);
    const purpose = findLoanPurpose(loan.purposeId);
    const instalments = loan.account
      ? bills.map((b) => {
          const total = b.principal + b.interest + b.fee + b.lateFee;
          return {
            number: b.number,
            due_date: b.dueDate,
            principal: b.principal,
            interest: b.interest,
            fee: b.fee,
            total,
            remaining: 0,
          };
        })
      : loan.plan.instalments.map(instalmentView);
    let remaining = instalments.reduce((sum, i) => sum + i.total, 0);
    for (const i of instalments) {
      remaining -= i.total;
      i.remaining = remaining;
    }
    const failure = loan.failureReason as LoanOrderView['failure_reason'];
    return {
      order_id: loan.id,
      state: loan.state as LoanState,
      bill_status: billStatusOf(loan.state as LoanState),
      loan_fail_status: loan.failStatus,
      failure_reason: failure,
      failure_text: failure ? describeFailure(failure, locale) : null,
      pid: loan.productId,
      amount: loan.amount,
      amount_received: loan.amountReceived,
      period: loan.period,
      tenor_label: tenor ? tenorLabel(tenor)[locale] : loan.period,
      purpose_id: loan.purposeId,
      purpose: purpose?.name[locale] ?? '-',
      created_at: loan.createdAt.toISOString(),
      disbursed_on: loan.disbursedOn,
      disbursement_status: disbursementStatusOf(latest),
      bank_name: card ? bankName(card.bankCode) : '-',
      card_num_masked: card ? maskedNumber(card.lastDigits) : '-',
      instalments,
      repayment: instalments.reduce((sum, i) => sum + i.total, 0),
      agreement: {
        version: loan.agreementVersion,
        sha256: loan.agreementSha256,
        accepted_at: loan.acceptedAt.toISOString(),
      },
      can_cancel: cancellable(loan, latest),
    };
  }
}

/** The order form as the contract parses it. */
export type LoanOrderBodyParsed = {
  pid: string;
  money: number;
  period: string;
  purpose_id: number;
  agreement_version: string;
  order_token?: string | undefined;
} & Omit<Partial<LoanOrderBody>, 'money' | 'purpose_id'>;

function cancellable(loan: LoanRow, latest: DisbursementRow | undefined): boolean {
  if (loan.state === 'disbursement-failed') return true;
  return loan.state === 'awaiting-disbursement' && (!latest || latest.status === 'queued');
}

function disbursementStatusOf(row: DisbursementRow | undefined): LoanOrderView['disbursement_status'] {
  switch (row?.status) {
    case undefined:
    case 'cancelled':
      return 'none';
    case 'queued':
      return 'queued';
    case 'sending':
    case 'pending':
      return 'pending';
    case 'completed':
      return 'completed';
    default:
      return 'failed';
  }
}

/** The caps in force on the plan's start date, as the agreement states them. */
function agreementCaps(plan: LoanRow['plan']): LoanAgreementInput['caps'] {
  const inForce = capsInForce(plan.startDate, plan.purpose, plan.tenor);
  return {
    dailyEconomicBenefitPercent: inForce ? formatPercent(inForce.dailyEconomicBenefit) : '0',
    dailyLateFeePercent: inForce ? formatPercent(inForce.dailyLateFee) : '0',
    lateFeeCeiling: lateFeeCeiling(plan),
  };
}

function productView(product: LoanProduct, available: number, locale: Locale): LoanProducts['list'][number] {
  const rates = productRates(product);
  const { min, max, step } = product.amount;
  // The largest amount on the product's step within the available limit.
  const cap = Math.min(max, available);
  const maxForYou = cap < min ? 0 : min + Math.floor((cap - min) / step) * step;
  // An annual rate is shown per day as the caps are, at its dearest day (never understated).
  const interest = formatPercent(maxDailyRate(rates.interest));
  const fee = formatPercent(maxDailyRate(rates.serviceFee));
  const origination = product.pricing.originationFee;
  const show = (percent: string) => (locale === 'id-ID' ? percent.replace('.', ',') : percent);
  const noUpfront = origination.percent === '0' && origination.fixed === 0;
  return {
    pid: product.id,
    name: locale === 'id-ID' ? product.name : productNameEn(product),
    min_amount: min,
    max_amount: maxForYou,
    step,
    tenors: product.tenors.map((t) => ({
      period: tenorKey(t),
      unit: t.unit,
      length: t.length,
      instalments: t.instalments,
      label: tenorLabel(t)[locale],
    })),
    daily_interest_percent: interest,
    daily_service_fee_percent: fee,
    daily_late_fee_percent: product.pricing.lateFee.daily,
    origination_fee_percent: origination.percent,
    origination_fee_fixed: origination.fixed,
    price_text:
      locale === 'id-ID'
        ? `Bunga ${show(interest)}% per hari, biaya layanan ${show(fee)}% per hari${noUpfront ? ', tanpa potongan di muka' : ''}. Denda keterlambatan ${show(product.pricing.lateFee.daily)}% per hari dari pokok yang terlambat.`
        : `Interest ${interest}% a day, service fee ${fee}% a day${noUpfront ? ', nothing deducted up front' : ''}. Late fee ${product.pricing.lateFee.daily}% a day of the overdue principal.`,
  };
}

function productNameEn(product: LoanProduct): string {
  return product.kind === 'cash-loan' ? 'Cash loan' : product.name;
}

function purposeView(node: LoanPurposeNode, parentId: number | null, locale: Locale): PurposeView {
  return {
    id: node.id,
    name: node.name[locale],
    name_id: node.name['id-ID'],
    name_en: node.name['en-US'],
    parent_id: parentId,
    children: (node.children ?? []).map((child) => purposeView(child, node.id, locale)),
  };
}

/** A row of the engine's plan as the API answers it. */
function instalmentView(i: PlanInstalment): LoanPlanView['instalments'][number] {
  return {
    number: i.number,
    due_date: i.dueDate,
    principal: i.principal,
    interest: i.interest,
    fee: i.fee,
    total: i.total,
    remaining: i.remaining,
  };
}

function planView(quote: Quote, locale: Locale): LoanPlanView {
  const { plan, caps, affordability } = quote;
  return {
    pid: plan.productId,
    amount: plan.amount,
    period: tenorKey(plan.tenor),
    tenor_label: tenorLabel(plan.tenor)[locale],
    start_date: plan.startDate,
    maturity_date: plan.maturityDate,
    days: plan.days,
    instalments: plan.instalments.map(instalmentView),
    totals: {
      principal: plan.totals.principal,
      interest: plan.totals.interest,
      fee: plan.totals.fee,
      origination_fee: plan.totals.originationFee,
      cost: plan.totals.economicBenefit,
      repayment: plan.totals.repayment,
    },
    amount_received: plan.disbursement.received,
    deducted: plan.disbursement.deducted,
    caps: {
      daily_cost_percent: caps.dailyCostPercent,
      daily_cap_percent: caps.dailyCapPercent,
      daily_late_fee_percent: caps.dailyLateFeePercent,
      late_fee_ceiling: caps.lateFeeCeiling,
      within_caps: true,
    },
    affordability: {
      monthly_income: affordability.monthlyIncome,
      largest_monthly_repayment: affordability.largestMonthlyRepayment,
      share_percent: affordability.sharePercent,
      limit_percent: affordability.limitPercent,
    },
  };
}
