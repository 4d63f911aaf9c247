import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentCodes, payments, type PaymentCodeRow, type PaymentRow } from './repayments-schema.ts';

export type NewPaymentCode = typeof paymentCodes.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;

export class RepaymentsRepository {
  async insertCode(db: DbOrTx, row: NewPaymentCode): Promise<PaymentCodeRow> {
    const [inserted] = await db.insert(paymentCodes).values(row).returning();
    if (!inserted) throw new Error('payment code insert returned nothing');
    return inserted;
  }

  /** A still-valid code for the same loan, type, bill, channel and amount: asking again answers it. */
  async reusableCode(
    db: DbOrTx,
    want: Pick<PaymentCodeRow, 'loanId' | 'repaymentType' | 'channelId' | 'amount' | 'billNumber'>,
    now: Date,
  ): Promise<PaymentCodeRow | undefined> {
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
    return rows.find((r) => r.billNumber === want.billNumber);
  }

  async code(db: DbOrTx, id: string, lock = false): Promise<PaymentCodeRow | undefined> {
    const query = db.select().from(paymentCodes).where(eq(paymentCodes.id, id));
    const rows = await (lock ? query.for('update') : query);
    return rows[0];
  }

  async markCodePaid(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db.update(paymentCodes).set({ status: 'paid', updatedAt: now }).where(eq(paymentCodes.id, id));
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
}
