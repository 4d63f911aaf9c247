import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { OPEN_PAYMENT_CLAIM_STATUSES } from '@kaskita/domain/payments/payment-claims';
import type { DbOrTx } from '../../db/client.ts';
import { paymentClaims } from './payment-claims-schema.ts';
import {
  paymentCodeClaims,
  paymentCodes,
  payments,
  type PaymentCodeClaimRow,
  type PaymentCodeRow,
  type PaymentRow,
  type PaymentStatus,
} from './repayments-schema.ts';

export type NewPaymentCode = typeof paymentCodes.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;
export type NewPaymentCodeClaim = typeof paymentCodeClaims.$inferInsert;

export type CodeRequest = Pick<
  PaymentCodeRow,
  'loanId' | 'repaymentType' | 'channelId' | 'amount' | 'billNumber' | 'payerKey'
>;

/**
 * The claim row's key of a code request: identical requests share it, any other loan, type, bill, channel, amount or
 * OVO phone (its keyed hash) not.
 */
export function codeClaimKey(want: CodeRequest): string {
  return [
    want.loanId,
    want.repaymentType,
    want.billNumber ?? '-',
    want.channelId,
    want.amount,
    ...(want.payerKey ? [want.payerKey] : []),
  ].join(':');
}

export class RepaymentsRepository {
  async insertCode(db: DbOrTx, row: NewPaymentCode): Promise<PaymentCodeRow> {
    const [inserted] = await db.insert(paymentCodes).values(row).returning();
    if (!inserted) throw new Error('payment code insert returned nothing');
    return inserted;
  }

  /** A still-valid code for the same loan, type, bill, channel and amount: asking again answers it. */
  async reusableCode(db: DbOrTx, want: CodeRequest, now: Date): Promise<PaymentCodeRow | undefined> {
    const rows = await db
      .select()
      .from(paymentCodes)
      .where(
        and(
          eq(paymentCodes.loanId, want.loanId),
          eq(paymentCodes.repaymentType, want.repaymentType),
          eq(paymentCodes.channelId, want.channelId),
          eq(paymentCodes.amount, want.amount),
          eq(paymentCodes.status, 'active'),
          gt(paymentCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(paymentCodes.createdAt))
      .limit(1);
    return rows.find((r) => r.billNumber === want.billNumber && r.payerKey === want.payerKey);
  }

  /**
   * Takes the right to ask the gateway for the code of `claim.key`: answers true when the row is new, or when the
   * request holding it let its lease run out by `now` (it died mid-call). The primary key decides between requests
   * arriving together: exactly one insert wins.
   */
  async claimCode(db: DbOrTx, claim: NewPaymentCodeClaim, now: Date): Promise<boolean> {
    const rows = await db
      .insert(paymentCodeClaims)
      .values(claim)
      .onConflictDoUpdate({
        target: paymentCodeClaims.key,
        set: { token: claim.token, leaseUntil: claim.leaseUntil, createdAt: claim.createdAt },
        setWhere: lte(paymentCodeClaims.leaseUntil, now),
      })
      .returning({ token: paymentCodeClaims.token });
    return rows[0]?.token === claim.token;
  }

  async codeClaim(db: DbOrTx, key: string): Promise<PaymentCodeClaimRow | undefined> {
    const rows = await db.select().from(paymentCodeClaims).where(eq(paymentCodeClaims.key, key));
    return rows[0];
  }

  /** Gives the claim up; only its holder's token removes it (a request that took over a lapsed lease keeps it). */
  async releaseCodeClaim(db: DbOrTx, key: string, token: string): Promise<void> {
    await db
      .delete(paymentCodeClaims)
      .where(and(eq(paymentCodeClaims.key, key), eq(paymentCodeClaims.token, token)));
  }

  async code(db: DbOrTx, id: string, lock = false): Promise<PaymentCodeRow | undefined> {
    const query = db.select().from(paymentCodes).where(eq(paymentCodes.id, id));
    const rows = await (lock ? query.for('update') : query);
    return rows[0];
  }

  async markCodePaid(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db.update(paymentCodes).set({ status: 'paid', updatedAt: now }).where(eq(paymentCodes.id, id));
  }

  /** An e-wallet charge declined or refused: answers false when the code was no longer active (paid, or failed). */
  async markCodeFailed(db: DbOrTx, id: string, now: Date): Promise<boolean> {
    const moved = await db
      .update(paymentCodes)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(paymentCodes.id, id), eq(paymentCodes.status, 'active')))
      .returning({ id: paymentCodes.id });
    return moved.length === 1;
  }

  /** Inserts the payment unless the gateway's id was seen before; answers whether it is new. */
  async insertPayment(db: DbOrTx, row: NewPayment): Promise<boolean> {
    const inserted = await db
      .insert(payments)
      .values(row)
      .onConflictDoNothing({ target: [payments.provider, payments.providerPaymentId] })
      .returning({ id: payments.id });
    return inserted.length === 1;
  }

  async paymentsOf(db: DbOrTx, userId: string, limit = 100): Promise<PaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.paidAt))
      .limit(limit);
  }

  async payment(db: DbOrTx, id: string, lock = false): Promise<PaymentRow | undefined> {
    const query = db.select().from(payments).where(eq(payments.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  /**
   * A payment moves from one of `from` to `to` (a guarded update: false when it was no longer in one of them). Returning
   * a payment that could not be applied: review -> returning -> returned, or back to review.
   */
  async moveStatus(
    db: DbOrTx,
    id: string,
    from: readonly PaymentStatus[],
    to: PaymentStatus,
  ): Promise<boolean> {
    const moved = await db
      .update(payments)
      .set({ status: to })
      .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
      .returning({ id: payments.id });
    return moved.length === 1;
  }

  /** A review payment becomes the applied one on `loanId`; false when it was not (or no longer) in review. */
  async applyReviewPayment(
    db: DbOrTx,
    id: string,
    applied: Pick<
      NewPayment,
      'loanId' | 'userId' | 'paid' | 'paidWithCredit' | 'creditAdded' | 'remaining' | 'billsPaid'
    >,
  ): Promise<boolean> {
    const moved = await db
      .update(payments)
      .set({ ...applied, status: 'applied' })
      .where(and(eq(payments.id, id), eq(payments.status, 'review')))
      .returning({ id: payments.id });
    return moved.length === 1;
  }

  /** Claims still waiting on this payment are answered by it (it has just been applied); answers their ids. */
  async creditClaimsOf(db: DbOrTx, paymentId: string, now: Date): Promise<string[]> {
    const credited = await db
      .update(paymentClaims)
      .set({ status: 'credited', updatedAt: now })
      .where(
        and(
          eq(paymentClaims.matchedPaymentId, paymentId),
          inArray(paymentClaims.status, [...OPEN_PAYMENT_CLAIM_STATUSES]),
        ),
      )
      .returning({ id: paymentClaims.id });
    return credited.map((c) => c.id);
  }
}
