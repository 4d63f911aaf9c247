import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { loanProducts, loanProductVersions } from './loans-schema.ts';

export type ProductVersionRow = typeof loanProductVersions.$inferSelect;

/** Loan products as stored: the loan engine's JSON, re-validated by the service on every read. */
export class LoanProductsRepository {
  async listActive(db: DbOrTx): Promise<Array<{ id: string; data: unknown; sort: number }>> {
    return db
      .select({ id: loanProducts.id, data: loanProducts.data, sort: loanProducts.sort })
      .from(loanProducts)
      .where(eq(loanProducts.active, 1))
      .orderBy(asc(loanProducts.sort), asc(loanProducts.id));
  }

  /** Every published version, by product then version (a handful of rows: products change rarely). */
  async listVersions(db: DbOrTx): Promise<ProductVersionRow[]> {
    return db
      .select()
      .from(loanProductVersions)
      .orderBy(asc(loanProductVersions.productId), asc(loanProductVersions.version));
  }

  /** The product's latest version, locked: two approvals of the same product publish one after the other. */
  async lockLatestVersion(tx: Tx, productId: string): Promise<ProductVersionRow | null> {
    const [row] = await tx
      .select()
      .from(loanProductVersions)
      .where(eq(loanProductVersions.productId, productId))
      .orderBy(desc(loanProductVersions.version))
      .limit(1)
      .for('update');
    return row ?? null;
  }

  async insertVersion(tx: Tx, row: ProductVersionRow): Promise<void> {
    await tx.insert(loanProductVersions).values(row);
  }

  async endVersion(tx: Tx, productId: string, version: number, endsOn: string): Promise<void> {
    await tx
      .update(loanProductVersions)
      .set({ endsOn })
      .where(and(eq(loanProductVersions.productId, productId), eq(loanProductVersions.version, version)));
  }
}
