import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import {
  commerceOrders,
  commerceRefunds,
  type CommerceOrderRow,
  type CommerceRefundRow,
} from './commerce-schema.ts';

export type NewCommerceOrder = typeof commerceOrders.$inferInsert;
type OrderChanges = Partial<Omit<NewCommerceOrder, 'id' | 'createdAt'>> & { updatedAt: Date };

/** The SQL of merchant orders and payment PINs; every method takes the db or the caller's transaction. */
export class CommerceRepository {
  /** Inserts unless the merchant's order id exists (a racing twin); answers the stored row either way. */
  async insertOrFind(db: DbOrTx, row: NewCommerceOrder): Promise<CommerceOrderRow> {
    const [inserted] = await db.insert(commerceOrders).values(row).onConflictDoNothing().returning();
    if (inserted) return inserted;
    const found = await this.byMerchantOrder(db, row.merchantAppId, row.merchantOrderId);
    if (!found) throw new Error('commerce order insert conflicted on something else');
    return found;
  }

  async byMerchantOrder(
    db: DbOrTx,
    appId: string,
    merchantOrderId: string,
    lock = false,
  ): Promise<CommerceOrderRow | undefined> {
    const query = db
      .select()
      .from(commerceOrders)
      .where(
        and(eq(commerceOrders.merchantAppId, appId), eq(commerceOrders.merchantOrderId, merchantOrderId)),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** A merchant's newest orders first. */
  async recentOfMerchant(db: DbOrTx, appId: string, limit: number): Promise<CommerceOrderRow[]> {
    return db
      .select()
      .from(commerceOrders)
      .where(eq(commerceOrders.merchantAppId, appId))
      .orderBy(desc(commerceOrders.createdAt), desc(commerceOrders.id))
      .limit(limit);
  }

  async bySignKeyHash(db: DbOrTx, hash: string, lock = false): Promise<CommerceOrderRow | undefined> {
    const query = db.select().from(commerceOrders).where(eq(commerceOrders.signKeyHash, hash));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async byId(db: DbOrTx, id: string): Promise<CommerceOrderRow | undefined> {
    const [row] = await db.select().from(commerceOrders).where(eq(commerceOrders.id, id));
    return row;
  }

  /** The first signed-in borrower to open an unclaimed checkout holds it (a racing second finds it taken). */
  async claim(db: DbOrTx, id: string, userId: string, now: Date): Promise<CommerceOrderRow | undefined> {
    const [row] = await db
      .update(commerceOrders)
      .set({ userId, updatedAt: now })
      .where(and(eq(commerceOrders.id, id), sql`${commerceOrders.userId} is null`))
      .returning();
    return row ?? (await this.byId(db, id));
  }

  async update(db: DbOrTx, id: string, fromStatus: string, changes: OrderChanges): Promise<CommerceOrderRow> {
    const [row] = await db
      .update(commerceOrders)
      .set(changes)
      .where(and(eq(commerceOrders.id, id), eq(commerceOrders.status, fromStatus)))
      .returning();
    if (!row) throw new Error(`commerce order ${id} was not ${fromStatus}`);
    return row;
  }

  /** A merchant's refund by its own refund id. */
  async refundOf(db: DbOrTx, appId: string, refundId: string): Promise<CommerceRefundRow | undefined> {
    const [row] = await db
      .select()
      .from(commerceRefunds)
      .where(and(eq(commerceRefunds.merchantAppId, appId), eq(commerceRefunds.refundId, refundId)));
    return row;
  }

  async refundById(db: DbOrTx, id: string): Promise<CommerceRefundRow | undefined> {
    const [row] = await db.select().from(commerceRefunds).where(eq(commerceRefunds.id, id));
    return row;
  }

  async insertRefund(db: DbOrTx, row: typeof commerceRefunds.$inferInsert): Promise<void> {
    await db.insert(commerceRefunds).values(row);
  }

  /** Whether the borrower ever bought with pay-later (the free-interest offer is for the first purchase). */
  async hasPayLaterLoan(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), sql`${loans.productId} like 'pay-later%'`))
      .limit(1);
    return row !== undefined;
  }
}
