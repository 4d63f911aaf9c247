import { z } from 'zod';
import { couponSchema } from '@kaskita/domain/pricing/coupon';

/** Signs the demo merchant's calls outside production; production refuses it (production-guard.ts). */
export const DEV_COMMERCE_MERCHANT_SECRET = 'dev-only-demo-merchant-signing-secret-do-not-use-0001';

/**
 * A merchant as configuration (COMMERCE_MERCHANTS): its commerce_app_id, the secret both sides sign with (HMAC-SHA256),
 * the return URLs its checkout may send the buyer back to, and where its webhook goes (none: it polls the status call).
 */
export const merchantSchema = z.object({
  app_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"'),
  name: z.string().min(1).max(100),
  secret: z.string().min(32),
  return_urls: z.array(z.url()).min(1),
  webhook_url: z.url().nullable().default(null),
});
export type Merchant = z.infer<typeof merchantSchema>;

export const DEMO_SHOP_APP_ID = 'demo-shop';

/**
 * Outside production when COMMERCE_MERCHANTS is unset: one demo shop, so a checkout can be tried on a laptop. Its shop
 * front is the dev page /dev/merchant (modules/dev), which is also where the buyer returns and where its webhooks go,
 * through the real webhook job: PUBLIC_APP_URL must reach this server for them to arrive.
 */
export function demoMerchant(publicAppUrl: string): Merchant {
  return {
    app_id: DEMO_SHOP_APP_ID,
    name: 'Demo Shop',
    secret: DEV_COMMERCE_MERCHANT_SECRET,
    return_urls: [new URL('/dev/merchant', publicAppUrl).href],
    webhook_url: new URL('/dev/merchant/webhook', publicAppUrl).href,
  };
}

/**
 * A coupon of the checkout (COMMERCE_COUPONS): the engine's coupon (coupon.ts: it only ever reduces interest and fees)
 * and the plans (`<product>.<tenor key>`) it is valid for.
 */
export const commerceCouponSchema = z.object({
  coupon: couponSchema,
  plans: z.array(z.string().min(1)).min(1),
  label: z.object({ 'id-ID': z.string(), 'en-US': z.string() }),
});
export type CommerceCoupon = z.infer<typeof commerceCouponSchema>;

/** The coupons offered until a coupon wallet exists (referral coupons come with it): one per kind of discount. */
export const DEFAULT_COMMERCE_COUPONS: readonly CommerceCoupon[] = [
  {
    coupon: {
      id: 'PL3-50K',
      kind: 'fixed',
      amount: 50_000,
      appliesTo: 'interest-and-fees',
    } as CommerceCoupon['coupon'],
    plans: ['pay-later.month-3-3'],
    label: { 'id-ID': 'Potongan Rp50.000 bunga dan biaya', 'en-US': 'Rp50,000 off interest and fees' },
  },
  {
    coupon: {
      id: 'PL-10PCT',
      kind: 'percent',
      percent: '10',
      maxAmount: 100_000,
      appliesTo: 'interest',
    } as CommerceCoupon['coupon'],
    plans: ['pay-later.month-3-3', 'pay-later.month-6-6'],
    label: { 'id-ID': 'Diskon bunga 10% (maks. Rp100.000)', 'en-US': '10% off interest (up to Rp100,000)' },
  },
];

/** A JSON setting parsed with its schema; the message names the entry, never a secret. */
export function jsonSetting<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .optional()
    .transform((text, ctx): z.output<T> | undefined => {
      if (text === undefined) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        });
        return z.NEVER;
      }
      return parsed.data;
    });
}
