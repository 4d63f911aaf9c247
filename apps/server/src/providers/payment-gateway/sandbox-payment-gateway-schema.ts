import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';

/**
 * The sandbox gateway's own book (outside production only), what Xendit or Midtrans keep on their side: the payment
 * codes it issued (unique on our external id, so a retried create answers the same code) and the payments made into
 * them. A payment's callback body is fixed when it is made, so every retry sends the same bytes.
 */
export const sandboxPaymentCodes = pgTable(
  'sandbox_payment_codes',
  {
    reference: text('reference').primaryKey(),
    externalId: text('external_id').notNull(),
    /** 'va' | 'store' | 'qr' | 'ewallet'. */
    kind: text('kind').notNull(),
    /** The VA bank or the store (BCA, ALFAMART ...), QRIS, or the e-wallet (DANA, OVO, SHOPEEPAY). */
    channel: text('channel').notNull(),
    /** The VA number, the store code, the QRIS code's text, or an e-wallet's checkout link (masked phone for OVO). */
    number: text('number').notNull(),
    billerCode: text('biller_code'),
    /** E-wallet charges: where the wallet sends the borrower back. */
    returnUrl: text('return_url'),
    amount: money('amount').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_payment_codes_external').on(t.externalId)],
);

export const sandboxPayments = pgTable('sandbox_payments', {
  paymentId: text('payment_id').primaryKey(),
  reference: text('reference').notNull(),
  amount: money('amount').notNull(),
  paidAt: at('paid_at').notNull(),
  callbackBody: text('callback_body').notNull(),
  /** When a callback was last answered 2xx. */
  callbackAt: at('callback_at'),
  createdAt: createdAt(),
});

export type SandboxPaymentCodeRow = typeof sandboxPaymentCodes.$inferSelect;
