import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loanProducts } from './loans-schema.ts';

/** Loan products as stored: the loan engine's JSON, re-validated by the service on every read. */
export class LoanProductsRepository {
  async listActive(db: DbOrTx): Promise<Array<{ id: string; data: unknown }>> {
    return db
      .select({ id: loanProducts.id, data: loanProducts.data })
      .from(loanProducts)
      .where(eq(loanProducts.active, 1))
      .orderBy(asc(loanProducts.sort), asc(loanProducts.id));
  }
}
