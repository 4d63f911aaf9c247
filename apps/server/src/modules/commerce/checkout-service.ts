import type { CommerceOrderView, CommerceProducts, RepayPreview } from '@kaskita/domain/contract/commerce';
import type { RequestHeaders } from '@kaskita/domain/contract/request-headers';
import { availableLimit } from '@kaskita/domain/credit/available-limit';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { CheckoutKeys } from './commerce-keys.ts';
import type { CommerceCoupon, Merchant } from './commerce-merchants.ts';
import type { CommerceRepository } from './commerce-repository.ts';
import type { CouponWalletService } from './coupon-wallet-service.ts';
import type { CommerceOrderRow } from './commerce-schema.ts';
import { checkoutPlans, pricePlan, withSchedule, type PricedPlan } from './pay-later-plans.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface CheckoutDependencies {
  db: Db;
  clock: Clock;
  repo: CommerceRepository;
  keys: CheckoutKeys;
  merchants: ReadonlyMap<string, Merchant>;
  coupons: readonly CommerceCoupon[];
  /** The borrower's own coupons (referral rewards), offered beside the configured ones. */
  wallet: Pick<CouponWalletService, 'available' | 'usable' | 'isWalletId'>;
  users: Pick<UserAccounts, 'signedIn'>;
  /** The products offered on a date (the loans module's, so the back office's product versions apply). */
  products: { offered(date: BusinessDate): Promise<LoanProduct[]> };
  limits: { approvedLimit(userId: string, db?: DbOrTx): Promise<Rupiah> };
  usage: { usedPrincipal(db: DbOrTx, userId: string): Promise<Rupiah> };
  payLater: { maxAmount: number; limitPercent: number };
  pins: { isSet(userId: string): Promise<boolean> };
}

/** The checkout's query: the sign_key (query, else header) and what the page chose. */
export interface CheckoutQuery {
  sign_key?: string | undefined;
  product_id?: string | undefined;
  coupon_id?: string | undefined;
}

/** Who asks: a signed-in borrower, or a visitor (the `_free` calls). */
export type Viewer = { kind: 'borrower'; userId: string } | { kind: 'visitor' };

/**
 * The buyer's side of a checkout (spec section 7's commerce calls): the order behind a sign_key, its pay-later plans
 * and their schedules, priced by the loan engine. A signed-in borrower gets the pay-later plans (and the free-interest
 * ones on a first pay-later purchase); a visitor (the `_free` calls, used before signing in) gets the free-interest
 * offer, which shows the cheapest the purchase can be and asks nothing about the person.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDependencies) {}

  today(): BusinessDate {
    return businessDateAt(this.deps.clock.now());
  }

  /**
   * The order of a sign_key, checked against the commerce headers. Unknown, or held by another borrower: not found
   * (4413), alike. Expired, cancelled or paid: 4412. A visitor never claims; a borrower claims an unclaimed order.
   */
  async open(
    query: CheckoutQuery,
    headers: RequestHeaders,
    viewer: Viewer,
    options: { payable?: boolean; db?: DbOrTx; lock?: boolean } = {},
  ): Promise<CommerceOrderRow> {
    const db = options.db ?? this.deps.db;
    const signKey = query.sign_key ?? headers.commerce_api_sign_key;
    if (!signKey) throw new AppError('CHECKOUT_NOT_FOUND');
    if (query.sign_key && headers.commerce_api_sign_key && query.sign_key !== headers.commerce_api_sign_key)
      throw new AppError('COMMERCE_HEADERS_MISMATCH');
    let order = await this.deps.repo.bySignKeyHash(db, this.deps.keys.lookupHash(signKey), options.lock);
    if (!order) throw new AppError('CHECKOUT_NOT_FOUND');
    if (viewer.kind === 'borrower') {
      if (order.userId === null)
        order = (await this.deps.repo.claim(db, order.id, viewer.userId, this.deps.clock.now())) ?? order;
      if (order.userId !== viewer.userId) throw new AppError('CHECKOUT_NOT_FOUND');
    }
    if (headers.commerce_app_id && headers.commerce_app_id !== order.merchantAppId)
      throw new AppError('COMMERCE_HEADERS_MISMATCH');
    if (headers.commerce_app_uid && order.buyerUid && headers.commerce_app_uid !== order.buyerUid)
      throw new AppError('COMMERCE_HEADERS_MISMATCH');
    const payable = order.status === 'unpaid' && order.expiresAt.getTime() > this.deps.clock.now().getTime();
    if (options.payable !== false && !payable) throw new AppError('CHECKOUT_EXPIRED');
    return order;
  }

  /** The pay-later products offered on `date` (read before a transaction: the product service reads outside it). */
  async payLaterProducts(date: BusinessDate): Promise<LoanProduct[]> {
    return (await this.deps.products.offered(date)).filter((p) => p.kind === 'pay-later');
  }

  /**
   * The products a viewer is offered: the free-interest offer for visitors and first purchases. Inside a transaction
   * pass `offered` from payLaterProducts(), read before it.
   */
  async productsFor(
    viewer: Viewer,
    date: BusinessDate,
    db: DbOrTx = this.deps.db,
    offered?: readonly LoanProduct[],
  ): Promise<LoanProduct[]> {
    const payLater = offered ?? (await this.payLaterProducts(date));
    if (viewer.kind === 'visitor') return payLater.filter((p) => p.freeInterest === true);
    const first = !(await this.deps.repo.hasPayLaterLoan(db, viewer.userId));
    return first ? [...payLater] : payLater.filter((p) => p.freeInterest !== true);
  }

  /**
   * The coupon a checkout names: a configured one (open to everyone), or the viewer's own wallet coupon while it is
   * available (a visitor has none). Anything else is COUPON_NOT_VALID. `lock` holds a wallet coupon's row for the
   * purchase's transaction.
   */
  async coupon(
    id: string | undefined | null,
    viewer: Viewer,
    db: DbOrTx = this.deps.db,
    lock = false,
  ): Promise<CommerceCoupon | null> {
    if (id === undefined || id === null) return null;
    if (this.deps.wallet.isWalletId(id))
      return this.deps.wallet.usable(viewer.kind === 'borrower' ? viewer.userId : null, id, db, lock);
    const found = this.deps.coupons.find((c) => c.coupon.id === id);
    if (!found) throw new AppError('COUPON_NOT_VALID');
    return found;
  }

  /**
   * What a borrower may spend with pay-later now: the least of PAY_LATER_MAX_AMOUNT, PAY_LATER_LIMIT_PERCENT of the
   * approved limit, and the limit not used by open loans.
   */
  async available(userId: string, db: DbOrTx = this.deps.db): Promise<Rupiah> {
    const [limit, used] = await inTurn(
      () => this.deps.limits.approvedLimit(userId, db),
      () => this.deps.usage.usedPrincipal(db, userId),
    );
    const share = Math.floor((limit * this.deps.payLater.limitPercent) / 100);
    return rupiah(Math.max(0, Math.min(this.deps.payLater.maxAmount, share, availableLimit(limit, used))));
  }

  async order(
    query: CheckoutQuery,
    headers: RequestHeaders,
    viewer: Viewer,
    locale: Locale,
  ): Promise<CommerceOrderView> {
    if (viewer.kind === 'borrower') await this.deps.users.signedIn(viewer.userId);
    const order = await this.open(query, headers, viewer, { payable: false });
    const date = this.today();
    const products = await this.productsFor(viewer, date);
    let chosen: PricedPlan | null = null;
    const coupon = await this.coupon(query.coupon_id, viewer);
    if (query.product_id !== undefined)
      chosen = pricePlan(products, query.product_id, order.amount, date, locale, coupon);
    const offered = new Set(checkoutPlans(products, order.amount, date, locale).map((p) => p.view.pid));
    const merchant = this.deps.merchants.get(order.merchantAppId);
    const borrower = viewer.kind === 'borrower' ? viewer.userId : null;
    return {
      order_id: order.id,
      merchant_name: merchant?.name ?? order.merchantAppId,
      merchant_order_id: order.merchantOrderId,
      items: order.items.map((i) => ({ name: i.name, quantity: i.quantity, price: rupiah(i.price) })),
      amount: order.amount,
      status: this.statusOf(order),
      refunded_amount: rupiah(Number(order.refundedAmount)),
      expires_at: order.expiresAt.toISOString(),
      return_url: order.returnUrl,
      available_amount: borrower ? await this.available(borrower) : null,
      pay_pin_set: borrower ? await this.deps.pins.isSet(borrower) : null,
      coupons: [...(borrower ? await this.deps.wallet.available(borrower) : []), ...this.deps.coupons]
        .filter((c) => c.plans.some((pid) => offered.has(pid)))
        .map((c) => ({
          id: c.coupon.id,
          label: c.label[locale],
          plans: c.plans.filter((pid) => offered.has(pid)),
        })),
      plan: chosen ? withSchedule(chosen) : null,
    };
  }

  async products(
    query: CheckoutQuery,
    headers: RequestHeaders,
    viewer: Viewer,
    locale: Locale,
  ): Promise<CommerceProducts> {
    if (viewer.kind === 'borrower') await this.deps.users.signedIn(viewer.userId);
    const order = await this.open(query, headers, viewer);
    const date = this.today();
    const products = await this.productsFor(viewer, date);
    return { list: checkoutPlans(products, order.amount, date, locale).map((p) => p.view) };
  }

  async preview(
    query: { amount: Rupiah; pid: string; coupon_id?: string | undefined },
    viewer: Viewer,
    locale: Locale,
  ): Promise<RepayPreview> {
    if (viewer.kind === 'borrower') await this.deps.users.signedIn(viewer.userId);
    const date = this.today();
    const products = await this.productsFor(viewer, date);
    const coupon = await this.coupon(query.coupon_id, viewer);
    return withSchedule(pricePlan(products, query.pid, query.amount, date, locale, coupon));
  }

  /**
   * A paid, refunded or cancelled order says so; an unpaid one past its time is shown as cancelled to the buyer.
   */
  private statusOf(order: CommerceOrderRow): CommerceOrderView['status'] {
    if (order.status === 'paid' || order.status === 'partly_refunded' || order.status === 'refunded')
      return order.status;
    if (order.status === 'cancelled' || order.expiresAt.getTime() <= this.deps.clock.now().getTime())
      return 'cancelled';
    return 'unpaid';
  }
}
