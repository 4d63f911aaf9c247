import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  BillsView,
  PaymentCodeView,
  RepaymentType,
  LoanRecords,
  RepayRecord,
  SettlementQuoteView,
} from '@kaskita/domain/contract/repayments';
import { historyGroupOf, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { maskPhone } from '@kaskita/domain/validation/phone';
import { settlementQuote } from '@kaskita/domain/lifecycle/settlement';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { channelsFor, paymentChannel, type PaymentChannel } from '@kaskita/domain/payments/channels';
import { howToPay } from '@kaskita/domain/payments/how-to-pay';
import { businessDateAt, isBusinessDate, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type {
  EwalletCode,
  PaymentGatewayProvider,
  RetailOutlet,
  VirtualAccountBank,
} from '../../providers/payment-gateway/payment-gateway-provider.ts';
import type { LookupHasher } from '../../security/lookup-hasher.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import { outstandingOf, totalOf, ZERO } from '@kaskita/domain/lifecycle/loan-account';
import { billView, loanAsOf } from './bill-views.ts';
import { amountOf, repaymentAmounts } from '@kaskita/domain/payments/repayment-amounts';
import { codeClaimKey, type CodeRequest, type RepaymentsRepository } from './repayments-repository.ts';
import type { PaidComponents, PaymentStatus, PaymentCodeRow } from './repayments-schema.ts';

export interface RepaymentServiceDependencies {
  db: Db;
  repo: RepaymentsRepository;
  loans: LoanBookService;
  gateway: PaymentGatewayProvider | null;
  profile: { agreementParty(userId: string): Promise<{ name: string } | null> };
  /** OVO charges go to the registered phone unless the borrower names another. */
  users: Pick<UserAccounts, 'signedIn'>;
  /** Keys an OVO phone (payment_codes.payer_key) without storing it. */
  lookup: LookupHasher;
  /** Where DANA and ShopeePay send the borrower back: the pay page of the code. */
  publicAppUrl: string;
  clock: Clock;
  codeTtlHours: number;
  /** The gateway's own time-out for one call (XENDIT_TIMEOUT_MS): how long a claim on a code may be held. */
  gatewayTimeoutMs: number;
}

/**
 * How long an e-wallet charge can be paid, ours a little beyond the wallet's own (Xendit's e-wallet rules: OVO's push
 * 55 s, the links of DANA, ShopeePay and LinkAja 30 min, AstraPay's 15 min; Sakuku's does not expire, and ours keeps
 * it as long as the others'), so a payment made at the wallet's last second is not held as late.
 */
const EWALLET_WINDOW_SECONDS: Record<EwalletCode, number> = {
  OVO: 120,
  DANA: 35 * 60,
  SHOPEEPAY: 35 * 60,
  LINKAJA: 35 * 60,
  ASTRAPAY: 20 * 60,
  SAKUKU: 35 * 60,
};

/** A claim outlives its holder's gateway call by this much (the profile read and the insert around it). */
const CLAIM_LEASE_MARGIN_MS = 5_000;
/** Waiting for another request's code: first look again after this, doubling up to the next. */
const CLAIM_POLL_FIRST_MS = 20;
const CLAIM_POLL_MAX_MS = 250;

/** The borrower's side of repayment: bills, channels, payment codes and receipts; every read is their own. */
export class RepaymentService {
  constructor(private readonly deps: RepaymentServiceDependencies) {}

  private today(): BusinessDate {
    return businessDateAt(this.deps.clock.now());
  }

  /** The loan being repaid, with its account as of today; null when there is none. */
  private async repaying(userId: string) {
    const open = await this.deps.loans.open(this.deps.db, userId);
    if (!open?.account) return null;
    const date = this.today();
    return { row: open.row, date, loan: loanAsOf(open.account, date) };
  }

  async bills(userId: string): Promise<BillsView> {
    const date = this.today();
    const open = await this.repaying(userId);
    if (!open)
      return { business_date: date, loan: null, nearest: null, upcoming: [], bills: [], options: null };
    const { row, loan } = open;
    const bills = loan.instalments.map((i) => billView(i, date));
    const unpaid = bills.filter((b) => b.outstanding > 0);
    const amounts = repaymentAmounts(loan, date);
    return {
      business_date: date,
      loan: {
        order_id: row.id,
        state: loan.state,
        amount: row.amount,
        disbursed_on: row.disbursedOn,
        outstanding: outstandingOf(loan),
        credit: loan.credit,
        disputed_since: loan.disputedSince ?? null,
      },
      nearest: unpaid[0] ?? null,
      upcoming: unpaid.slice(1),
      bills,
      options: {
        instalment: amounts.instalment
          ? {
              bill_number: amounts.instalment.billNumber,
              amount: amounts.instalment.amount,
              excess: amounts.instalment.excess,
            }
          : null,
        due: amounts.due,
        settlement: amounts.settlement,
      },
    };
  }

  async methods(userId: string, type: RepaymentType = 'instalment') {
    const open = await this.repaying(userId);
    if (!open) throw new AppError('NO_REPAYING_LOAN');
    const amount = amountOf(repaymentAmounts(open.loan, open.date), type);
    if (amount === null) throw new AppError('NOTHING_DUE');
    return {
      repayment_type: type,
      amount,
      channels: channelsFor(amount).map((c) => ({
        channel_id: c.id,
        kind: c.kind,
        bank_type: c.bank_type,
        name: c.name,
        min_amount: c.minAmount,
        max_amount: c.maxAmount,
        available: c.available,
        reason: c.reason,
      })),
    };
  }

  /**
   * POST /v1/order/repay: a payment code for today's amount, computed here. The client's total must match (a stale
   * page is told the new amount, never charged a different one); the same request again answers the same code.
   */
  async repay(
    userId: string,
    body: {
      loan_plan: string;
      repayment_type: RepaymentType;
      repayment_total_amount: Rupiah;
      channel_id: string;
      current_bill_plan?: number | undefined;
      ewallet_phone?: string | undefined;
    },
    locale: Locale,
  ): Promise<PaymentCodeView> {
    const channel = paymentChannel(body.channel_id);
    if (!channel) throw new AppError('CHANNEL_UNKNOWN');
    const open = await this.repaying(userId);
    if (!open || open.row.id !== body.loan_plan) {
      const own = await this.deps.loans.ofUser(this.deps.db, userId, body.loan_plan);
      throw new AppError(own ? 'NO_REPAYING_LOAN' : 'NOT_FOUND');
    }
    const amounts = repaymentAmounts(open.loan, open.date);
    const amount = amountOf(amounts, body.repayment_type);
    if (amount === null) throw new AppError('NOTHING_DUE');
    const billNumber = body.repayment_type === 'instalment' ? (amounts.instalment?.billNumber ?? null) : null;
    if (
      amount !== body.repayment_total_amount ||
      (body.current_bill_plan !== undefined && billNumber !== null && body.current_bill_plan !== billNumber)
    )
      throw new AppError('REPAY_AMOUNT_CHANGED', { amount, bill_number: billNumber });
    if (amount < channel.minAmount || amount > channel.maxAmount)
      throw new AppError('CHANNEL_AMOUNT_LIMIT', {
        min_amount: channel.minAmount,
        max_amount: channel.maxAmount,
      });

    const payer =
      channel.paysWith === 'wallet_push' ? await this.walletPhone(userId, body.ewallet_phone) : null;
    const want = {
      loanId: open.row.id,
      repaymentType: body.repayment_type,
      channelId: channel.id,
      amount,
      billNumber,
      payerKey: payer?.key ?? null,
    };
    const code = await this.oneCodeFor(userId, want, channel, open.date, payer?.phone ?? null);
    return this.view(code, locale);
  }

  /** The phone an OVO request goes to (the registered one unless another was given), and its key. */
  private async walletPhone(userId: string, given: string | undefined) {
    const phone = given ?? (await this.deps.users.signedIn(userId)).phone;
    return { phone, key: this.deps.lookup.hash('payment_codes.payer_key', phone) };
  }

  /**
   * The still-valid code for `want`, or a new one, with one gateway call however many identical requests arrive
   * together (a double tap, a retrying client). The first takes a claim row (payment_code_claims, its primary key
   * deciding), asks the gateway and stores the code; the others wait for that code instead of asking again. No
   * database lock or connection is held while the gateway answers: waiters poll between short sleeps. If the call
   * fails the claim is released and the waiters answer the same failure, so the borrower's next tap asks afresh.
   */
  private async oneCodeFor(
    userId: string,
    want: CodeRequest,
    channel: PaymentChannel,
    businessDate: BusinessDate,
    walletPhone: string | null,
  ): Promise<PaymentCodeRow> {
    const { db, repo, clock } = this.deps;
    const key = codeClaimKey(want);
    const leaseMs = this.deps.gatewayTimeoutMs + CLAIM_LEASE_MARGIN_MS;
    const deadline = performance.now() + leaseMs;
    let pause = CLAIM_POLL_FIRST_MS;
    let waitedOn: string | null = null;
    for (;;) {
      const now = clock.now();
      // The claim first, then the codes: a holder stores its code before releasing, so "no holder and no code" after
      // waiting on one means its gateway call failed.
      const holder = await repo.codeClaim(db, key);
      const reusable = await repo.reusableCode(db, want, now);
      if (reusable) return reusable;
      if (!holder || holder.leaseUntil.getTime() <= now.getTime()) {
        if (waitedOn !== null && !holder) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
        const token = randomUUID();
        const leaseUntil = new Date(now.getTime() + leaseMs);
        const claim = { key, loanId: want.loanId, token, leaseUntil, createdAt: now };
        if (await repo.claimCode(db, claim, now)) {
          // Another request may have issued the code and released its claim between our look and our claim: look
          // again, now that nobody else can issue one.
          const issued = await repo.reusableCode(db, want, now);
          if (!issued) return this.issueClaimed(userId, want, channel, businessDate, claim, walletPhone);
          await repo.releaseCodeClaim(db, key, token);
          return issued;
        }
        continue;
      }
      waitedOn = holder.token;
      if (performance.now() >= deadline) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
      await sleep(pause);
      pause = Math.min(pause * 2, CLAIM_POLL_MAX_MS);
    }
  }

  /** The claim's holder: the gateway's code, stored with the claim's release in one transaction; released on failure. */
  private async issueClaimed(
    userId: string,
    want: CodeRequest,
    channel: PaymentChannel,
    businessDate: BusinessDate,
    claim: { key: string; token: string; createdAt: Date },
    walletPhone: string | null,
  ): Promise<PaymentCodeRow> {
    const { db, repo } = this.deps;
    const now = claim.createdAt;
    try {
      const issued = await this.issue(userId, channel, want.amount, now, walletPhone);
      return await db.transaction(async (tx) => {
        const code = await repo.insertCode(tx, {
          ...want,
          id: issued.externalId,
          userId,
          provider: this.deps.gateway!.name,
          number: issued.number,
          billerCode: issued.billerCode,
          payerKey: want.payerKey,
          businessDate,
          status: 'active',
          expiresAt: issued.expiresAt,
          createdAt: now,
          updatedAt: now,
        });
        await repo.releaseCodeClaim(tx, claim.key, claim.token);
        return code;
      });
    } catch (error) {
      // Best effort: if even this fails, the lease frees the claim; the borrower is told the gateway's failure.
      await repo.releaseCodeClaim(db, claim.key, claim.token).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Asks the gateway for the code before anything is stored: a failure stores nothing. A code the gateway made but we
   * could not store receives no payment from a borrower (they never saw it); one that did would be recorded for review.
   */
  private async issue(
    userId: string,
    channel: PaymentChannel,
    amount: Rupiah,
    now: Date,
    walletPhone: string | null,
  ) {
    const gateway = this.deps.gateway;
    if (!gateway) throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    const party = await this.deps.profile.agreementParty(userId);
    // The bank or the cashier shows this name: the lender's first, so the borrower sees whom they pay.
    const displayName = `KasKita ${party?.name ?? ''}`.trim().slice(0, 40);
    const externalId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.deps.codeTtlHours * 3600_000);
    try {
      if (channel.kind === 'ewallet') {
        const wallet = channel.bank_type as EwalletCode;
        const charge = await gateway.createEwalletCharge({
          externalId,
          amount,
          displayName,
          wallet,
          expiresAt: new Date(now.getTime() + EWALLET_WINDOW_SECONDS[wallet] * 1000),
          mobileNumber: walletPhone ? `+${walletPhone}` : null,
          returnUrl: `${this.deps.publicAppUrl.replace(/\/+$/, '')}${paymentCodePath(externalId)}`,
        });
        return {
          externalId,
          number: charge.checkoutUrl ?? maskPhone(walletPhone ?? ''),
          billerCode: null,
          expiresAt: charge.expiresAt,
        };
      }
      if (channel.kind === 'va') {
        const va = await gateway.createVirtualAccount({
          externalId,
          amount,
          expiresAt,
          displayName,
          bank: channel.bank_type as VirtualAccountBank,
        });
        return { externalId, number: va.accountNumber, billerCode: va.billerCode, expiresAt: va.expiresAt };
      }
      if (channel.kind === 'qris') {
        const qr = await gateway.createQrCode({ externalId, amount, expiresAt, displayName });
        return { externalId, number: qr.qrString, billerCode: null, expiresAt: qr.expiresAt };
      }
      const store = await gateway.createStorePaymentCode({
        externalId,
        amount,
        expiresAt,
        displayName,
        outlet: channel.bank_type as RetailOutlet,
      });
      return { externalId, number: store.paymentCode, billerCode: null, expiresAt: store.expiresAt };
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Time-outs, outages and refusals alike (the gateway has logged which, without the name): the borrower is told
      // to try again, and that try sends a new external id, so a code the gateway made but never answered stays unseen.
      throw new AppError('PAYMENT_GATEWAY_UNAVAILABLE');
    }
  }

  async code(userId: string, id: string, locale: Locale): Promise<PaymentCodeView> {
    const code = await this.deps.repo.code(this.deps.db, id);
    if (!code || code.userId !== userId) throw new AppError('NOT_FOUND');
    return this.view(code, locale);
  }

  async records(userId: string): Promise<{ list: RepayRecord[] }> {
    const rows = await this.deps.repo.paymentsOf(this.deps.db, userId);
    return {
      list: rows.map((p) => ({
        payment_id: p.id,
        order_id: p.loanId,
        amount: p.amount,
        channel_id: p.channelId,
        channel_name: (p.channelId && paymentChannel(p.channelId)?.name) ?? p.provider,
        paid_at: p.paidAt.toISOString(),
        status: p.status as PaymentStatus,
        paid: viewOfComponents(p.paid),
        credit_applied: sumOfComponents(p.paidWithCredit),
        paid_with_credit: viewOfComponents(p.paidWithCredit),
        credit_added: p.creditAdded,
        remaining: p.remaining ?? ZERO_RUPIAH,
        bills_paid: p.billsPaid ?? [],
      })),
    };
  }

  async settlement(userId: string, requested: string | undefined): Promise<SettlementQuoteView> {
    const open = await this.repaying(userId);
    if (!open) throw new AppError('NO_REPAYING_LOAN');
    const last = open.loan.instalments.at(-1)?.dueDate ?? open.date;
    const date = requested ?? open.date;
    if (!isBusinessDate(date) || date < open.date || date > last)
      throw new AppError('VALIDATION', { fields: { date: 'field.invalid' } }, 'field.invalid');
    const quote = settlementQuote(open.loan, date);
    return {
      order_id: open.row.id,
      business_date: open.date,
      date,
      amount: quote.amountDue,
      principal: quote.principal,
      interest: quote.interest,
      fee: quote.fee,
      late_fee: quote.lateFee,
      credit_applied: quote.creditApplied,
      scheduled_remaining: quote.scheduledRemaining,
      saved: quote.saved,
      days_of_use: quote.daysOfUse,
      last_date: last,
    };
  }

  async loanRecords(userId: string): Promise<LoanRecords> {
    const date = this.today();
    const loans = await this.deps.loans.history(this.deps.db, userId);
    return {
      list: loans.map(({ row, account }) => {
        const loan = account ? loanAsOf(account, date) : null;
        const late = loan
          ? loan.instalments.map((i) => billView(i, date)).filter((b) => b.days_late > 0)
          : [];
        return {
          order_id: row.id,
          state: loan?.state ?? row.state,
          group: historyGroupOf((loan?.state ?? row.state) as LoanState, late.length > 0),
          amount: row.amount,
          amount_received: row.amountReceived,
          period: row.period,
          created_at: row.createdAt.toISOString(),
          disbursed_on: row.disbursedOn,
          outstanding: loan ? outstandingOf(loan) : ZERO_RUPIAH,
          overdue_bills: late.length,
          days_late: Math.max(0, ...late.map((b) => b.days_late)),
        };
      }),
    };
  }

  private view(code: PaymentCodeRow, locale: Locale): PaymentCodeView {
    const channel = paymentChannel(code.channelId);
    if (!channel) throw new Error(`payment code ${code.id} has an unknown channel`);
    const expired = code.status === 'active' && code.expiresAt.getTime() <= this.deps.clock.now().getTime();
    return {
      code_id: code.id,
      order_id: code.loanId,
      channel_id: channel.id,
      kind: channel.kind,
      bank_type: channel.bank_type,
      name: channel.name,
      number: code.number,
      biller_code: code.billerCode,
      amount: code.amount,
      repayment_type: code.repaymentType as RepaymentType,
      bill_number: code.billNumber,
      status: expired ? 'expired' : (code.status as 'active' | 'paid' | 'failed'),
      expires_at: code.expiresAt.toISOString(),
      checkout_url: channel.paysWith === 'wallet_redirect' ? code.number : null,
      how_to_pay: howToPay(channel.id, locale, {
        number: code.number,
        amount: code.amount,
        ...(code.billerCode ? { biller_code: code.billerCode } : {}),
      }),
    };
  }
}

/** A receipt's components as the contract names them; a row without them (held for review) paid nothing yet. */
function viewOfComponents(c: PaidComponents | null) {
  const paid = c ?? ZERO;
  return { principal: paid.principal, interest: paid.interest, fee: paid.fee, late_fee: paid.lateFee };
}

function sumOfComponents(c: PaidComponents | null): Rupiah {
  return c ? totalOf(c) : ZERO_RUPIAH;
}

/** The borrower's pay page of a code, where a wallet brings them back (the web app's route, paths.ts). */
function paymentCodePath(codeId: string): string {
  return `/home/pay-back-methods?code=${encodeURIComponent(codeId)}`;
}
