import { and, between, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { OPEN_PAYMENT_CLAIM_STATUSES } from '@kaskita/domain/payments/payment-claims';
import type { DbOrTx } from '../../db/client.ts';
import { paymentClaims, type NewPaymentClaim, type PaymentClaimRow } from './payment-claims-schema.ts';
import { payments, type PaymentRow } from './repayments-schema.ts';

export class PaymentClaimsRepository {
  async insert(db: DbOrTx, row: NewPaymentClaim): Promise<PaymentClaimRow> {
    const [inserted] = await db.insert(paymentClaims).values(row).returning();
    if (!inserted) throw new Error('payment claim insert returned nothing');
    return inserted;
  }

  /** The borrower's claim still waiting for an answer for this amount paid on this Jakarta day, if any. */
  async openClaim(
    db: DbOrTx,
    userId: string,
    amount: Rupiah,
    paidOn: string,
  ): Promise<PaymentClaimRow | undefined> {
    const rows = await db
      .select()
      .from(paymentClaims)
      .where(
        and(
          eq(paymentClaims.userId, userId),
          eq(paymentClaims.amount, amount),
          eq(paymentClaims.paidOn, paidOn),
          inArray(paymentClaims.status, [...OPEN_PAYMENT_CLAIM_STATUSES]),
        ),
      )
      .limit(1);
    return rows[0];
  }

  /** The borrower's claims, newest first. */
  ofUser(db: DbOrTx, userId: string, limit = 50): Promise<PaymentClaimRow[]> {
    return db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.userId, userId))
      .orderBy(desc(paymentClaims.createdAt))
      .limit(limit);
  }

  /**
   * The borrower's payments of exactly `amount` received between `from` and `to` that no claim (but a rejected one)
   * points at yet.
   */
  async unclaimedPayments(
    db: DbOrTx,
    userId: string,
    amount: Rupiah,
    from: Date,
    to: Date,
  ): Promise<PaymentRow[]> {
    const rows = await db
      .select({ payment: payments })
      .from(payments)
      .leftJoin(
        paymentClaims,
        and(eq(paymentClaims.matchedPaymentId, payments.id), ne(paymentClaims.status, 'rejected')),
      )
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.amount, amount),
          between(payments.paidAt, from, to),
          isNull(paymentClaims.id),
        ),
      );
    return rows.map((r) => r.payment);
  }
}
