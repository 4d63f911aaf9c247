import { randomUUID } from 'node:crypto';
import type { WalletCoupon } from '@kaskita/domain/contract/referral';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { CommerceCoupon } from './commerce-merchants.ts';
import type { BorrowerCouponRow } from './commerce-schema.ts';
import type { CouponWalletRepository } from './coupon-wallet-repository.ts';

/** How a wallet coupon is named at the checkout: never mistaken for a configured coupon's id. */
const WALLET_PREFIX = 'W-';

/** Why a wallet coupon was given, before its label at the checkout and in the wallet. */
const SOURCE_LABELS: Readonly<Record<string, Record<Locale, string>>> = {
  referral: { 'id-ID': 'Hadiah ajak teman', 'en-US': 'Friend referral reward' },
};

/**
 * The coupon wallet (issue 26): coupons given to one borrower, each one of the configured checkout coupons
 * (COMMERCE_COUPONS) by id, used once at a pay-later checkout before it expires. The configured coupons stay open to
 * everyone; a wallet coupon is offered and accepted only for its owner, while available and not expired.
 */
export class CouponWalletService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      repo: CouponWalletRepository;
      coupons: readonly CommerceCoupon[];
    },
  ) {}

  /** The configured coupon of this id, or null (what REFERRAL_COUPON_ID must name). */
  configured(couponId: string): CommerceCoupon | null {
    return this.deps.coupons.find((c) => c.coupon.id === couponId) ?? null;
  }

  /**
   * Gives the borrower a configured coupon, in the caller's transaction: once per source and reference (a second call
   * for the same returns undefined and gives nothing).
   */
  async grant(
    tx: Tx,
    grant: { userId: string; couponId: string; source: string; sourceRef: string; expiresAt: Date },
  ): Promise<BorrowerCouponRow | undefined> {
    if (!this.configured(grant.couponId)) throw new Error(`coupon ${grant.couponId} is not configured`);
    return this.deps.repo.insertOnce(tx, {
      id: randomUUID(),
      ...grant,
      state: 'available',
      usedAt: null,
      usedLoanId: null,
      createdAt: this.deps.clock.now(),
    });
  }

  /** The borrower's coupons still to use, as checkout coupons (their id is the wallet's, `W-<id>`). */
  async available(userId: string, db: DbOrTx = this.deps.db): Promise<CommerceCoupon[]> {
    const rows = await this.deps.repo.available(db, userId, this.deps.clock.now());
    return rows.flatMap((row) => {
      const coupon = this.asCheckoutCoupon(row);
      return coupon ? [coupon] : [];
    });
  }

  /** Whether a checkout's coupon_id names a wallet coupon. */
  isWalletId(couponId: string): boolean {
    return couponId.startsWith(WALLET_PREFIX);
  }

  /**
   * The borrower's wallet coupon of a checkout's coupon_id, for pricing: used, expired, unknown or another borrower's
   * is COUPON_NOT_VALID. `lock` holds its row for the purchase's transaction.
   */
  async usable(
    userId: string | null,
    couponId: string,
    db: DbOrTx = this.deps.db,
    lock = false,
  ): Promise<CommerceCoupon> {
    if (userId === null) throw new AppError('COUPON_NOT_VALID');
    const row = await this.deps.repo.ofUser(db, userId, couponId.slice(WALLET_PREFIX.length), lock);
    const coupon = row && this.stateOf(row) === 'available' ? this.asCheckoutCoupon(row) : null;
    if (!coupon) throw new AppError('COUPON_NOT_VALID');
    return coupon;
  }

  /** Marks the coupon used by the purchase's loan, in its transaction (after usable(..., lock)). */
  async use(tx: Tx, userId: string, couponId: string, loanId: string, now: Date): Promise<void> {
    const used = await this.deps.repo.markUsed(tx, couponId.slice(WALLET_PREFIX.length), userId, now, loanId);
    if (!used) throw new AppError('COUPON_NOT_VALID');
  }

  /** The borrower's coupons of one source as the wallet shows them, newest first. */
  async list(userId: string, source: string, locale: Locale): Promise<WalletCoupon[]> {
    const rows = await this.deps.repo.bySource(this.deps.db, userId, source);
    return rows.map((row) => {
      const coupon = this.asCheckoutCoupon(row);
      return {
        id: WALLET_PREFIX + row.id,
        label: coupon?.label[locale] ?? row.couponId,
        plans: coupon?.plans ?? [],
        state: this.stateOf(row),
        expires_at: row.expiresAt.toISOString(),
        used_at: row.usedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      };
    });
  }

  private stateOf(row: BorrowerCouponRow): WalletCoupon['state'] {
    if (row.state === 'used') return 'used';
    return row.expiresAt.getTime() <= this.deps.clock.now().getTime() ? 'expired' : 'available';
  }

  /** The configured coupon it is, under the wallet's id and with its source before the label; null if unconfigured. */
  private asCheckoutCoupon(row: BorrowerCouponRow): CommerceCoupon | null {
    const configured = this.configured(row.couponId);
    if (!configured) return null;
    const source = SOURCE_LABELS[row.source];
    return {
      coupon: { ...configured.coupon, id: WALLET_PREFIX + row.id },
      plans: configured.plans,
      label: {
        'id-ID': source ? `${source['id-ID']}: ${configured.label['id-ID']}` : configured.label['id-ID'],
        'en-US': source ? `${source['en-US']}: ${configured.label['en-US']}` : configured.label['en-US'],
      },
    };
  }
}
