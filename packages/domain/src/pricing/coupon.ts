/**
 * Coupons: a fixed or percentage discount on interest and/or fees, with a cap.
 *
 * A discount only ever reduces charges that exist, so it can never make a total negative nor reduce the
 * principal.
 */
import { z } from 'zod';
import { compareRatio, parsePercent, ratio } from '../money/rate.ts';
import { roundDown } from '../money/rounding.ts';
import { moneySchema } from './product.ts';
import { percentSchema } from './rates.ts';

/** The zod schema of a coupon. */
export const couponSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.string().min(1),
    kind: z.literal('fixed'),
    amount: moneySchema,
    appliesTo: z.enum(['interest', 'fees', 'interest-and-fees']),
  }),
  z.object({
    id: z.string().min(1),
    kind: z.literal('percent'),
    percent: percentSchema.refine((p) => compareRatio(parsePercent(p), ratio(1n, 1n)) <= 0, 'at most 100 %'),
    /** The most the coupon may take off, in rupiah. */
    maxAmount: moneySchema,
    appliesTo: z.enum(['interest', 'fees', 'interest-and-fees']),
  }),
]);

/** A validated coupon. */
export type Coupon = z.infer<typeof couponSchema>;

/** Discount split between interest and fees. */
export interface Discount {
  readonly interest: bigint;
  readonly fee: bigint;
}

/**
 * The discount a coupon gives on the given totals. Percentages round down (in the lender's favour by
 * less than a rupiah, and never more than the cap); interest is discounted before fees.
 */
export function couponDiscount(coupon: Coupon, interest: bigint, fee: bigint): Discount {
  const onInterest = coupon.appliesTo !== 'fees' ? interest : 0n;
  const onFee = coupon.appliesTo !== 'interest' ? fee : 0n;
  const base = onInterest + onFee;
  const wanted =
    coupon.kind === 'fixed'
      ? BigInt(coupon.amount)
      : minBig(percentOf(base, coupon.percent), BigInt(coupon.maxAmount));
  const total = minBig(wanted, base);
  const fromInterest = minBig(total, onInterest);
  return { interest: fromInterest, fee: total - fromInterest };
}

function percentOf(base: bigint, percent: string): bigint {
  const share = parsePercent(percent);
  return roundDown(base * share.num, share.den);
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
