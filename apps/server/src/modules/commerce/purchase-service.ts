import { z } from 'zod';
import type { CommerceLoanView } from '@kaskita/domain/contract/commerce';
import type { RequestHeaders } from '@kaskita/domain/contract/request-headers';
import { LOCALES, type Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import { defineCommand } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { pgErrorCode, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { JobType } from '../../jobs/job-type.ts';
import type { PayLaterLoansService } from '../loans/pay-later-loans-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { CheckoutService } from './checkout-service.ts';
import type { CommerceRepository } from './commerce-repository.ts';
import type { CouponWalletService } from './coupon-wallet-service.ts';
import type { WebhookJob } from './merchant-webhook.ts';
import { pricePlan } from './pay-later-plans.ts';
import type { PayPinService } from '../payment-pin/pay-pin-service.ts';

/** The version of the pay-later terms a purchase accepts; its SHA-256 is of the terms as accepted (purchaseTerms). */
export const PAY_LATER_TERMS_VERSION = 'pay-later-2026-11';

export interface PurchaseDependencies {
  commands: CommandExecutor;
  repo: CommerceRepository;
  loans: Pick<PayLaterLoansService, 'open' | 'hasOpen'>;
  users: Pick<UserAccounts, 'signedIn' | 'lockSignedIn'>;
  checkout: CheckoutService;
  pins: Pick<PayPinService, 'verify'>;
  jobs: JobRunner;
  webhook: JobType<WebhookJob>;
  /** Marks a wallet coupon used by the purchase, in its transaction. */
  wallet: Pick<CouponWalletService, 'isWalletId' | 'use'>;
}

const purchaseSchema = z.object({
  userId: z.string().min(1),
  orderId: z.string().min(1),
  pid: z.string().min(1),
  couponId: z.string().nullable(),
  merchantAppId: z.string(),
  amount: z.number().int().positive(),
  locale: z.enum(LOCALES),
  ip: z.string(),
});
type Purchase = z.infer<typeof purchaseSchema>;

/**
 * POST /v1/commerce/loan: the purchase. The PIN is checked first in its own transaction (a wrong try counts even
 * though nothing is bought); then `commerce.purchase` runs on the command executor: under the borrower's row lock and
 * the order's, it plans again with the engine, checks the pay-later limit, opens the loan and activates it at once
 * (the money is the merchant's, owed by settlement, not sent to the borrower's bank), writes its bills and ledger
 * lines, marks the order paid and queues the merchant's webhook, all in one transaction with its audit row.
 */
export class PurchaseService {
  constructor(private readonly deps: PurchaseDependencies) {}

  async buy(
    userId: string,
    body: {
      sign_key?: string | undefined;
      product_id: string;
      coupons_id?: string | undefined;
      pay_pin: string;
    },
    headers: RequestHeaders,
    client: { locale: Locale; ip: string },
  ): Promise<CommerceLoanView> {
    const { locale, ip } = client;
    await this.deps.users.signedIn(userId);
    // Checked before the PIN: a PIN try on an order that cannot be bought would be spent for nothing.
    const order = await this.deps.checkout.open(body, headers, { kind: 'borrower', userId });
    // So is the coupon (a used, expired or another borrower's wallet coupon); checked again under its lock below.
    await this.deps.checkout.coupon(body.coupons_id, { kind: 'borrower', userId });
    await this.deps.pins.verify(userId, body.pay_pin);
    // Read before the transaction, like the cash-loan order's products: the product service reads outside it.
    const offered = await this.deps.checkout.payLaterProducts(this.deps.checkout.today());
    const input: Purchase = {
      userId,
      orderId: order.id,
      pid: body.product_id,
      couponId: body.coupons_id ?? null,
      merchantAppId: order.merchantAppId,
      amount: order.amount,
      locale,
      ip,
    };
    try {
      const result = await this.deps.commands.run(this.purchaseCommand(body, headers, offered), input, {
        kind: 'borrower',
        userId,
      });
      this.deps.jobs.wake(this.deps.webhook);
      return result;
    } catch (error) {
      // The one-open-loan index: a loan opened by another request between the check and the insert.
      if (pgErrorCode(error) === '23505') throw new AppError('LOAN_OPEN');
      throw error;
    }
  }

  private purchaseCommand(
    query: { sign_key?: string | undefined },
    headers: RequestHeaders,
    offered: readonly LoanProduct[],
  ) {
    return defineCommand({
      name: 'commerce.purchase',
      input: purchaseSchema,
      actors: ['borrower'],
      owner: (p) => p.userId,
      handle: async (tx, p, { now, commandId }) => {
        const user = await this.deps.users.lockSignedIn(tx, p.userId);
        if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
        // Again under the order's lock: a double tap, or the merchant's cancel, committed meanwhile.
        const order = await this.deps.checkout.open(
          query,
          headers,
          { kind: 'borrower', userId: p.userId },
          { db: tx, lock: true },
        );
        if (await this.deps.loans.hasOpen(tx, p.userId)) throw new AppError('LOAN_OPEN');
        const date = businessDateAt(now);
        const borrower = { kind: 'borrower', userId: p.userId } as const;
        const products = await this.deps.checkout.productsFor(borrower, date, tx, offered);
        // A wallet coupon's row is locked until commit: two purchases cannot both spend it.
        const coupon = await this.deps.checkout.coupon(p.couponId, borrower, tx, true);
        const priced = pricePlan(products, p.pid, order.amount, date, p.locale, coupon);
        const available = await this.deps.checkout.available(p.userId, tx);
        if (order.amount > available)
          throw new AppError('PAY_LATER_OVER_LIMIT', { available_amount: available });
        const { loan, account, disbursementId } = await this.deps.loans.open(
          tx,
          {
            userId: p.userId,
            product: priced.product,
            plan: priced.plan,
            payee: `merchant:${order.merchantAppId}`,
            orderId: order.id,
            terms: { version: PAY_LATER_TERMS_VERSION, content: purchaseTerms(order, priced.plan) },
            locale: p.locale,
            ip: p.ip,
          },
          { date, now, commandId },
        );
        const loanId = loan.id;
        if (p.couponId !== null && this.deps.wallet.isWalletId(p.couponId))
          await this.deps.wallet.use(tx, p.userId, p.couponId, loanId, now);
        const paid = await this.deps.repo.update(tx, order.id, 'unpaid', {
          status: 'paid',
          loanId,
          paidAt: now,
          updatedAt: now,
        });
        await this.queueWebhook(tx, { orderId: paid.id, event: 'order.paid' });
        return {
          result: {
            order_id: paid.id,
            loan_id: loanId,
            status: 'paid' as const,
            return_url: paid.returnUrl,
            plan: priced.view,
          },
          outcome: 'paid',
          subject: { type: 'loan', id: loanId },
          before: { order: order.status },
          after: {
            order: 'paid',
            state: account.state,
            amount: loan.amount,
            pid: priced.view.pid,
            couponId: priced.plan.couponId,
            discount: priced.plan.totals.discount,
            total: priced.plan.totals.repayment,
            disbursementId,
          },
        };
      },
    });
  }

  private async queueWebhook(tx: Tx, job: WebhookJob): Promise<void> {
    await this.deps.jobs.send(this.deps.webhook, job, { tx, key: `${job.event}:${job.orderId}` });
  }
}

/** What the borrower accepted, hashed into the loan's agreement_sha256. */
function purchaseTerms(
  order: { id: string; merchantAppId: string; merchantOrderId: string; items: unknown },
  plan: { productId: string; amount: number; tenor: unknown; totals: unknown; instalments: unknown },
) {
  return {
    version: PAY_LATER_TERMS_VERSION,
    merchant: order.merchantAppId,
    merchantOrderId: order.merchantOrderId,
    orderId: order.id,
    items: order.items,
    productId: plan.productId,
    amount: plan.amount,
    tenor: plan.tenor,
    totals: plan.totals,
    instalments: plan.instalments,
  };
}
