import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { users } from '../user/user-schema.ts';

/**
 * A borrower's referral code: random (referral.ts's alphabet, never derived from the phone or NIK), unique, made on
 * their first ask and kept. `locale` is the language they last read it in: the reward SMS is written in it.
 */
export const referralCodes = pgTable('referral_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
  locale: text('locale').notNull(),
  createdAt: createdAt(),
});

/**
 * A friend who signed up through a referral link: written once, by the sign-in that registered the friend, never
 * attached later (one per friend: the primary key). `outcome` is set when the friend's first loan is disbursed:
 * 'rewarded' (the referrer got `coupon_id`, a borrower_coupons row) or 'self-referral' (the same person: no coupon).
 */
export const referrals = pgTable(
  'referrals',
  {
    friendUserId: text('friend_user_id')
      .primaryKey()
      .references(() => users.id),
    referrerUserId: text('referrer_user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    signedUpAt: at('signed_up_at').notNull(),
    outcome: text('outcome'),
    rewardedAt: at('rewarded_at'),
    couponId: text('coupon_id'),
  },
  (t) => [index('referrals_referrer').on(t.referrerUserId)],
);

export type ReferralRow = typeof referrals.$inferSelect;
