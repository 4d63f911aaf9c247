/**
 * Loan products as validated data.
 *
 * A product is plain JSON (rates as exact percent strings, money as integer rupiah), validated with zod
 * so that configuration mistakes are refused with a readable message instead of producing wrong money.
 */
import { z } from 'zod';
import { ROUNDING_MODES } from '../money/rounding.ts';
import { parsePercent, type Ratio } from '../money/rate.ts';
import { formatRupiah, MAX_PRINCIPAL, MONEY_LIMIT } from '../money/rupiah.ts';
import { isOnStep } from './amount-step.ts';
import { isBusinessDate, isInForce, type BusinessDate } from './business-date.ts';
import { NO_RATE, parseRate, percentSchema as percent, rateSpecSchema, type Rate } from './rates.ts';

/** Zod schema of a whole number of rupiah from 0 to the engine's {@link MONEY_LIMIT}. */
export const moneySchema = z
  .number()
  .int()
  .nonnegative()
  .max(MONEY_LIMIT, { message: `must be at most ${formatRupiah(MONEY_LIMIT)} (the engine's money limit)` })
  // Checked above: a whole number of rupiah, so it is one (the brand is a type only, like rupiah-schema.ts's).
  .brand<'Rupiah'>();

/** Zod schema of a loan amount: a positive whole number of rupiah up to {@link MAX_PRINCIPAL}. */
const principalSchema = z
  .number()
  .int()
  .positive()
  .max(MAX_PRINCIPAL, { message: `must be at most ${formatRupiah(MAX_PRINCIPAL)} (the largest principal)` })
  .brand<'Rupiah'>();

/** Zod schema of a business date `'YYYY-MM-DD'`. */
export const businessDateSchema = z.string().refine(isBusinessDate, { message: 'must be a date YYYY-MM-DD' });

/**
 * A tenor: `length` days or months repaid in `instalments` equal periods (1-9, the UI labels go up to
 * nine periods). `length` must divide evenly: 90 days in 3 instalments are three 30-day periods, 6 months
 * in 3 instalments are three 2-month periods.
 */
export const tenorSchema = z
  .object({
    unit: z.enum(['day', 'month']),
    length: z.number().int().positive(),
    instalments: z.number().int().min(1).max(9),
  })
  .refine((t) => t.length % t.instalments === 0, {
    message: 'tenor length must be a multiple of the number of instalments',
  })
  .refine((t) => (t.unit === 'day' ? t.length <= 366 : t.length <= 12), {
    message: 'tenor too long (at most 366 days or 12 months)',
  });

/** A tenor; see {@link tenorSchema}. */
export type Tenor = z.infer<typeof tenorSchema>;

/**
 * What a late fee is charged on, per day past due: the overdue instalment's unpaid principal (the default:
 * the regulation caps late fees on the outstanding amount, "baki debet", read by most as principal), or its
 * whole unpaid principal + interest + fee. The cap check uses the same base.
 */
export const LATE_FEE_BASES = ['overdue-principal', 'overdue-instalment'] as const;
export type LateFeeBase = (typeof LATE_FEE_BASES)[number];

/** Pricing components; see the pricing README. */
export const pricingSchema = z.object({
  /** Interest, per day or per year, on principal (flat) or on the outstanding balance (declining). */
  interest: rateSpecSchema,
  /** Service/platform fee, same base as the interest. */
  serviceFee: rateSpecSchema,
  /** Origination/admin fee, deducted from the amount disbursed: `percent` of principal plus `fixed` rupiah. */
  originationFee: z.object({ percent, fixed: moneySchema }),
  /** Late fee: `daily` percent per day past the due date, of `base`. */
  lateFee: z.object({ daily: percent, base: z.enum(LATE_FEE_BASES).default('overdue-principal') }),
});

/** The zod schema of a loan product. */
export const loanProductSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    kind: z.enum(['cash-loan', 'pay-later']),
    /** Regulatory purpose: decides which cap rows apply. */
    purpose: z.enum(['consumptive', 'productive']),
    /** First and (optional, inclusive) last business date on which the product may be offered. */
    validFrom: businessDateSchema,
    validTo: businessDateSchema.optional(),
    amount: z.object({
      min: principalSchema,
      max: principalSchema,
      step: principalSchema,
    }),
    tenors: z.array(tenorSchema).min(1),
    pricing: pricingSchema,
    interestMethod: z.enum(['flat', 'declining-equal-instalments', 'declining-equal-principal']),
    /** `actual`: each period charges its calendar days; `30-day-month`: each month charges 30 days. */
    dayCount: z.enum(['actual', '30-day-month']),
    rounding: z.enum(ROUNDING_MODES),
    /**
     * Where the rounding remainder of equal parts goes: `spread` (each part is the rounded-down share of the
     * running total, so remainders fall on later instalments, one rupiah at most each) or `last-instalment`
     * (every part is rounded with `rounding` and the last takes the rest: Fineract's and most banks' way).
     */
    remainder: z.enum(['spread', 'last-instalment']).default('spread'),
    /** Free-interest promotion (pay-later): interest is zero whatever `dailyInterest` says. */
    freeInterest: z.boolean().optional(),
  })
  .refine((p) => p.amount.min <= p.amount.max, {
    message: 'amount.min must not exceed amount.max',
    path: ['amount'],
  })
  .refine((p) => isOnStep(p.amount, p.amount.max), {
    message: 'amount range must be a whole number of steps',
    path: ['amount', 'step'],
  })
  .refine(
    (p) => new Set(p.tenors.map((t) => `${t.unit}:${t.length}:${t.instalments}`)).size === p.tenors.length,
    {
      message: 'tenors must not repeat',
      path: ['tenors'],
    },
  )
  .refine(
    (p) =>
      p.dayCount === 'actual' ||
      ![p.pricing.interest, p.pricing.serviceFee].some(
        (r) => typeof r !== 'string' && r.daysInYear === 'actual',
      ),
    {
      message:
        'an actual/actual annual rate needs the actual day count (30-day months have no calendar days)',
      path: ['dayCount'],
    },
  )
  .refine((p) => p.validTo === undefined || p.validFrom <= p.validTo, {
    message: 'validTo must not be before validFrom',
    path: ['validTo'],
  });

/** A validated loan product. */
export type LoanProduct = z.infer<typeof loanProductSchema>;
/** Interest methods, Fineract's names in kebab case. */
export type InterestMethod = LoanProduct['interestMethod'];
/** Day-count bases. */
export type DayCount = LoanProduct['dayCount'];

/** Thrown for invalid product data or a request the product does not offer. */
export class ProductError extends Error {
  override readonly name = 'ProductError';
}

/**
 * Validates product data.
 * @throws ProductError listing every problem with its path, e.g. `pricing.dailyInterest: must be a percent string`.
 */
export function parseProduct(input: unknown): LoanProduct {
  const result = loanProductSchema.safeParse(input);
  if (!result.success) throw new ProductError(`invalid loan product: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** The product's rates as exact fractions. */
export interface ProductRates {
  readonly interest: Rate;
  readonly serviceFee: Rate;
  /** Per day past due, of `lateFeeBase`. */
  readonly lateFee: Ratio;
  readonly lateFeeBase: LateFeeBase;
  /** Share of principal. */
  readonly origination: Ratio;
}

/** Parses the product's percent strings into exact fractions; free interest forces interest to 0. */
export function productRates(product: LoanProduct, freeInterest = false): ProductRates {
  const { pricing } = product;
  return {
    interest: freeInterest || product.freeInterest ? NO_RATE : parseRate(pricing.interest),
    serviceFee: parseRate(pricing.serviceFee),
    lateFee: parsePercent(pricing.lateFee.daily),
    lateFeeBase: pricing.lateFee.base,
    origination: parsePercent(pricing.originationFee.percent),
  };
}

/** What a caller asks for: a tenor of the product; `instalments` may be left out when unambiguous. */
export interface TenorRequest {
  readonly unit: Tenor['unit'];
  readonly length: number;
  readonly instalments?: number;
}

/**
 * Finds the product's tenor matching the request.
 * @throws ProductError when the product offers no such tenor, or several and the request is ambiguous.
 */
export function findTenor(product: LoanProduct, request: TenorRequest): Tenor {
  const matches = product.tenors.filter(
    (t) =>
      t.unit === request.unit &&
      t.length === request.length &&
      (request.instalments === undefined || t.instalments === request.instalments),
  );
  const [first] = matches;
  if (!first) throw new ProductError(`product ${product.id} offers no tenor of ${describeTenor(request)}`);
  if (matches.length > 1)
    throw new ProductError(`tenor ${describeTenor(request)} is ambiguous: give the instalments`);
  return first;
}

/** A short English description: `"3 months in 3 instalments"`, `"14 days"`. */
export function describeTenor(t: TenorRequest): string {
  const base = `${t.length} ${t.unit}${t.length === 1 ? '' : 's'}`;
  return t.instalments && t.instalments > 1 ? `${base} in ${t.instalments} instalments` : base;
}

/**
 * Checks that `amount` is within the product's range and on its step, and that the product is offered
 * on `date`.
 * @throws ProductError with the reason.
 */
export function assertOffer(product: LoanProduct, amount: number, date: BusinessDate): void {
  const { min, max, step } = product.amount;
  if (!Number.isSafeInteger(amount))
    throw new ProductError(`amount must be a whole number of rupiah, got ${amount}`);
  if (amount < min || amount > max) throw new ProductError(`amount ${amount} is outside ${min}-${max}`);
  if (!isOnStep(product.amount, amount))
    throw new ProductError(`amount ${amount} is not on the step of ${step} from ${min}`);
  if (!isOfferedOn(product, date)) throw new ProductError(`product ${product.id} is not offered on ${date}`);
}

/** True when `date` is within the product's validity (`validFrom` through `validTo`, both inclusive). */
export function isOfferedOn(product: LoanProduct, date: BusinessDate): boolean {
  return isInForce({ from: product.validFrom, to: product.validTo }, date);
}
