import { desc, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentPromises } from './collections-schema.ts';

/** How far back a promise can still be pending: its date is at most 30 days after it was made. */
const PROMISE_LOOKBACK_MS = 31 * 24 * 3600_000;

/** What other modules need of the promises to pay: the repayments module's reminder job holds back dunning with it. */
export class PaymentPromisesService {
  /**
   * Loans whose latest promise to pay is dated `date` or later (Asia/Jakarta business dates): no overdue notice goes
   * to them. Only each loan's latest promise counts, so a newer promise replaces an older one.
   */
  async promisedThrough(db: DbOrTx, date: string, now: Date): Promise<Set<string>> {
    const rows = await db
      .selectDistinctOn([paymentPromises.loanId], {
        loanId: paymentPromises.loanId,
        promisedDate: paymentPromises.promisedDate,
      })
      .from(paymentPromises)
      .where(gte(paymentPromises.createdAt, new Date(now.getTime() - PROMISE_LOOKBACK_MS)))
      .orderBy(paymentPromises.loanId, desc(paymentPromises.createdAt), desc(paymentPromises.id));
    return new Set(rows.filter((r) => r.promisedDate >= date).map((r) => r.loanId));
  }
}
