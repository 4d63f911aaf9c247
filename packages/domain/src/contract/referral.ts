import { z } from 'zod';
import { defineCall } from './define-call.ts';
import { instantText } from './formats.ts';

/**
 * Referral (issue 26): each borrower has a code and a link; a friend who signs up through the link is attributed to
 * them, and when that friend's first loan is disbursed the borrower receives a coupon in their wallet, spent at a
 * pay-later checkout.
 */

export const WALLET_COUPON_STATES = ['available', 'used', 'expired'] as const;

export const walletCouponSchema = z.object({
  id: z.string().describe('The coupon as the checkout offers it (`coupon_id` of the pay-later calls).'),
  label: z
    .string()
    .describe('What it gives, in the borrower\'s language ("Rp50.000 off interest and fees").'),
  plans: z.array(z.string()).describe('The pay-later plans (`pid`) it applies to.'),
  state: z.enum(WALLET_COUPON_STATES),
  expires_at: instantText,
  used_at: instantText.nullable(),
  created_at: instantText,
});
export type WalletCoupon = z.infer<typeof walletCouponSchema>;

export const referralSchema = z.object({
  code: z.string().describe("The borrower's referral code: 8 letters and digits, stable once created."),
  link: z.string().describe("The link to share: /third/referral/login?ref=<code> on the app's address."),
  friends_joined: z.number().int().describe('How many friends signed up through the link.'),
  coupons: z.array(walletCouponSchema).describe('The coupons earned by referral, newest first.'),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralCalls = {
  getReferral: defineCall('getReferral', {
    tag: 'borrower',
    summary: 'My referral code, link, friends joined and coupons earned',
    description:
      "The borrower's referral code (created on the first call), the link to share, how many friends signed up through it, and the coupons earned when a friend's first loan was disbursed (available, used or expired). Who the friends are is never shown.",
    errors: [],
    response: referralSchema,
  }),
};
