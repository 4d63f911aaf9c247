import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { users } from '../user/user-schema.ts';

/** One line of a merchant's order_detail, as the merchant sent it. */
export interface CommerceItem {
  name: string;
  quantity: number;
  price: number;
}

/**
 * A merchant's order waiting for, or paid by, pay-later. Keyed for the merchant by its own order id (unique per
 * merchant: a repeated create finds this row, and `request_sha256` tells a replay from another order under the same
 * id). The checkout link's sign_key is never stored: it is derived from the id with a server key (commerce-keys.ts),
 * and only its keyed hash is kept, to find the row. `user_id` is the first signed-in borrower to open the checkout:
 * from then on it is theirs only. status: unpaid | paid | cancelled | partly_refunded | refunded (a paid order the
 * merchant refunded in part, or in whole).
 */
export const commerceOrders = pgTable(
  'commerce_orders',
  {
    id: text('id').primaryKey(),
    merchantAppId: text('merchant_app_id').notNull(),
    merchantOrderId: text('merchant_order_id').notNull(),
    requestSha256: text('request_sha256').notNull(),
    signKeyHash: text('sign_key_hash').notNull(),
    amount: money('amount').notNull(),
    items: jsonb('items').$type<CommerceItem[]>().notNull(),
    returnUrl: text('return_url').notNull(),
    /** The merchant's id of its buyer (commerce_app_uid), when it named one. */
    buyerUid: text('buyer_uid'),
    status: text('status').notNull(),
    userId: text('user_id').references(() => users.id),
    loanId: text('loan_id').references(() => loans.id),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    /** What the merchant refunded of a paid order so far (commerce_refunds); the amount when fully refunded. */
    refundedAmount: money('refunded_amount')
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('commerce_orders_merchant_order').on(t.merchantAppId, t.merchantOrderId),
    uniqueIndex('commerce_orders_sign_key').on(t.signKeyHash),
    uniqueIndex('commerce_orders_loan')
      .on(t.loanId)
      .where(sql`${t.loanId} is not null`),
    index('commerce_orders_user').on(t.userId),
  ],
);

/**
 * A merchant's refund of a paid order (the goods returned, in whole or in part), run as the `commerce.refund` command
 * (`command_id`, its audit row). Keyed for the merchant by its own refund id (unique per merchant): a repeated call
 * finds this row, and `request_sha256` tells a replay (answered `answer` again) from another refund under the same id.
 */
export const commerceRefunds = pgTable(
  'commerce_refunds',
  {
    id: text('id').primaryKey(),
    merchantAppId: text('merchant_app_id').notNull(),
    refundId: text('refund_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => commerceOrders.id),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    requestSha256: text('request_sha256').notNull(),
    commandId: text('command_id').notNull(),
    /** The merchant's answer, kept so that a replay answers the same. */
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commerce_refunds_merchant_refund').on(t.merchantAppId, t.refundId),
    index('commerce_refunds_loan').on(t.loanId),
    index('commerce_refunds_order').on(t.orderId),
  ],
);

/**
 * A borrower's own coupon (the coupon wallet): a coupon of the configured checkout coupons (COMMERCE_COUPONS, by id)
 * given to one borrower, spent once at a pay-later checkout. `source` says why it was given ('referral': a friend's
 * first loan) and `source_ref` what for (the friend's user id): one coupon per source and reference, by a unique index.
 * state: available | used; an available coupon past `expires_at` is expired (read, never stored, so no job is needed).
 */
export const borrowerCoupons = pgTable(
  'borrower_coupons',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    couponId: text('coupon_id').notNull(),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    state: text('state').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    usedLoanId: text('used_loan_id').references(() => loans.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('borrower_coupons_once').on(t.source, t.sourceRef),
    index('borrower_coupons_user').on(t.userId, t.createdAt),
  ],
);

export type BorrowerCouponRow = typeof borrowerCoupons.$inferSelect;
export type CommerceOrderRow = typeof commerceOrders.$inferSelect;
export type CommerceRefundRow = typeof commerceRefunds.$inferSelect;
