import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { OPEN_PAYMENT_CLAIM_STATUSES } from '@kaskita/domain/payments/payment-claims';
import type { DbOrTx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { paymentClaims } from '../repayments/payment-claims-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';

/**
 * The back office's reading of the repayments module's tables: payments held for review and claims waiting for an
 * answer, each oldest (so earliest deadline) first. Both orders follow an index: payments by the gateway's arrival,
 * claims by their status and filing time (the promised day is the filing day plus working days, so the same order).
 */
export class PaymentsToResolveRepository {
  async reviewPayments(db: DbOrTx, paging: Paging) {
    const { limit, offset } = pageWindow(paging);
    const order = paging.order === 'desc' ? desc : asc;
    const where = eq(payments.status, 'review');
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(payments)
        .where(where)
        .orderBy(order(payments.createdAt), order(payments.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(payments).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async openClaims(db: DbOrTx, paging: Paging) {
    const { limit, offset } = pageWindow(paging);
    const order = paging.order === 'desc' ? desc : asc;
    const where = inArray(paymentClaims.status, [...OPEN_PAYMENT_CLAIM_STATUSES]);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(paymentClaims)
        .where(where)
        .orderBy(order(paymentClaims.answerBy), order(paymentClaims.createdAt), order(paymentClaims.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(paymentClaims).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async claim(db: DbOrTx, id: string) {
    const [row] = await db.select().from(paymentClaims).where(eq(paymentClaims.id, id));
    return row;
  }

  /** The borrower's applied payments, newest first, each with the case number of a claim it already answers. */
  appliedPaymentsOf(db: DbOrTx, userId: string, limit: number) {
    return db
      .select({ payment: payments, answers: paymentClaims.caseNumber })
      .from(payments)
      .leftJoin(
        paymentClaims,
        and(eq(paymentClaims.matchedPaymentId, payments.id), eq(paymentClaims.status, 'credited')),
      )
      .where(and(eq(payments.userId, userId), eq(payments.status, 'applied')))
      .orderBy(desc(payments.paidAt))
      .limit(limit);
  }
}
