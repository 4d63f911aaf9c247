import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { loanProducts, loanProductVersions } from './loans-schema.ts';

export type ProductVersionRow = typeof loanProductVersions.$inferSelect;

/**
 * What the stored catalogue is, as one short text that changes whenever any row of loan_products or
 * loan_product_versions is inserted, updated or deleted, by anyone: the back office's publishing, the seed, a migration,
 * a hand-made UPDATE, another server process. It is the rows' `xmin` (the transaction that wrote each row version:
 * every write makes a new row version, with a transaction id no other write of the row has), keyed by the row, hashed.
 * Transactional: a reader sees it change only once the writing transaction commits, with the rows. No trigger, no
 * table of its own, no schema change; a dump restored elsewhere gets new ids, which only costs one more read.
 * A scalar subquery, so a caller can ask it in a query it makes anyway (LoanOrdersRepository.borrowingStanding).
 */
export function catalogueFingerprintSql(): SQL<string> {
  return sql<string>`(select md5(coalesce(string_agg(k, ',' order by k), '')) from (
      select 'p:' || ${loanProducts.id} || '@' || ${loanProducts}.xmin::text as k from ${loanProducts}
      union all
      select 'v:' || ${loanProductVersions.productId} || ':' || ${loanProductVersions.version} || '@' ||
        ${loanProductVersions}.xmin::text from ${loanProductVersions}) as catalogue_rows)`;
}

/** Loan products as stored: the loan engine's JSON, parsed and checked by the service when it changed. */
export class LoanProductsRepository {
  /** The catalogue's fingerprint (catalogueFingerprintSql), alone. */
  async fingerprint(db: DbOrTx): Promise<string> {
    const [row] = await db.select({ fingerprint: catalogueFingerprintSql() }).from(sql`(select 1) as one`);
    return row!.fingerprint;
  }

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
