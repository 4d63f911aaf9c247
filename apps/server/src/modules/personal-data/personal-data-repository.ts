import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, notInArray } from 'drizzle-orm';
import { OPEN_LOAN_STATES } from '@kaskita/domain/lifecycle/loan-state';
import type { DeletionBlocker, KeptRecord } from '@kaskita/domain/legal/personal-data-rights';
import type { DbOrTx } from '../../db/client.ts';
import { messageOutbox } from '../../jobs/outbox-schema.ts';
import { creditApplications, feedback } from '../application/application-schema.ts';
import { bankAccounts } from '../bank-cards/bank-cards-schema.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';
import { refunds } from '../refunds/refunds-schema.ts';
import { paymentClaims } from '../repayments/payment-claims-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { agreementAcceptances } from '../user/user-schema.ts';
import { borrowerVerifications } from '../verification/verification-schema.ts';
import { accountClosures, correctionRequests, type AccountClosureRow } from './personal-data-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

/** Applications waiting for their decision: by the rules or by a reviewer. */
const PENDING_APPLICATION = ['auditing', 'review'];
/** A refund not yet arrived nor stopped by staff: money the lender still owes the borrower. */
const SETTLED_REFUND = ['completed', 'cancelled'];
const OPEN_CLAIM = ['open', 'matched'];
const UNRESOLVED_PAYMENT = ['review', 'returning'];

/**
 * The reads the rights need across the borrower's tables (what is owed, what is in progress, what exists to keep), and
 * the rows of this module's own tables. Like the back office's borrowers repository, it reads other modules' tables
 * and writes none of them: changes go through their services or the retention eraser.
 */
export class PersonalDataRepository {
  async hasOpenLoan(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), inArray(loans.state, [...OPEN_LOAN_STATES])))
      .limit(1);
    return Boolean(row);
  }

  async hasPendingApplication(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: creditApplications.id })
      .from(creditApplications)
      .where(
        and(eq(creditApplications.userId, userId), inArray(creditApplications.state, PENDING_APPLICATION)),
      )
      .limit(1);
    return Boolean(row);
  }

  /** Why the account cannot be deleted now; empty when it can. */
  async deletionBlockers(db: DbOrTx, userId: string): Promise<DeletionBlocker[]> {
    const [loan, application, refund, claim, payment] = await inTurn(
      () => this.hasOpenLoan(db, userId),
      () => this.hasPendingApplication(db, userId),
      () =>
        db
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.userId, userId), notInArray(refunds.state, SETTLED_REFUND)))
          .limit(1),
      () =>
        db
          .select({ id: paymentClaims.id })
          .from(paymentClaims)
          .where(and(eq(paymentClaims.userId, userId), inArray(paymentClaims.status, OPEN_CLAIM)))
          .limit(1),
      () =>
        db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.userId, userId), inArray(payments.status, UNRESOLVED_PAYMENT)))
          .limit(1),
    );
    const blockers: DeletionBlocker[] = [];
    if (loan) blockers.push('loan_open');
    if (application) blockers.push('application_pending');
    if (refund.length) blockers.push('refund_pending');
    if (claim.length) blockers.push('claim_open');
    if (payment.length) blockers.push('payment_unresolved');
    return blockers;
  }

  /** What decides how long a closed account's records are kept (legal/personal-data-rights.ts retentionCategory). */
  async retentionFacts(db: DbOrTx, userId: string) {
    const [[loanCount], [applied], [approved]] = await inTurn(
      () => db.select({ n: count() }).from(loans).where(eq(loans.userId, userId)),
      () => db.select({ n: count() }).from(creditApplications).where(eq(creditApplications.userId, userId)),
      () =>
        db
          .select({ n: count() })
          .from(creditApplications)
          .where(and(eq(creditApplications.userId, userId), eq(creditApplications.state, 'approved'))),
    );
    return {
      loans: Number(loanCount?.n ?? 0),
      applications: Number(applied?.n ?? 0),
      approvedApplications: Number(approved?.n ?? 0),
    };
  }

  /** The kinds of record this borrower actually has, of those a closure may keep. */
  /** `phoneHash`: the phone's keyed hash (security/phone-lookup.ts), as the outbox is addressed. */
  async recordsHeld(db: DbOrTx, userId: string, phoneHash: string): Promise<Set<KeptRecord>> {
    const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
    const [
      profile,
      verification,
      consents,
      applications,
      loanRows,
      paymentRows,
      claims,
      refundRows,
      cards,
      messages,
      support,
    ] = await inTurn(
      () => db.select().from(borrowerProfiles).where(eq(borrowerProfiles.userId, userId)).limit(1),
      () => db.select().from(borrowerVerifications).where(eq(borrowerVerifications.userId, userId)).limit(1),
      () =>
        exists(
          db
            .select({ id: agreementAcceptances.id })
            .from(agreementAcceptances)
            .where(eq(agreementAcceptances.userId, userId))
            .limit(1),
        ),
      () =>
        exists(
          db
            .select({ id: creditApplications.id })
            .from(creditApplications)
            .where(eq(creditApplications.userId, userId))
            .limit(1),
        ),
      () => exists(db.select({ id: loans.id }).from(loans).where(eq(loans.userId, userId)).limit(1)),
      () => exists(db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)).limit(1)),
      () =>
        exists(
          db
            .select({ id: paymentClaims.id })
            .from(paymentClaims)
            .where(eq(paymentClaims.userId, userId))
            .limit(1),
        ),
      () => exists(db.select({ id: refunds.id }).from(refunds).where(eq(refunds.userId, userId)).limit(1)),
      () =>
        exists(
          db
            .select({ id: bankAccounts.id })
            .from(bankAccounts)
            .where(eq(bankAccounts.userId, userId))
            .limit(1),
        ),
      () =>
        exists(
          db
            .select({ id: messageOutbox.id })
            .from(messageOutbox)
            .where(eq(messageOutbox.recipientHash, phoneHash))
            .limit(1),
        ),
      () => exists(db.select({ id: feedback.id }).from(feedback).where(eq(feedback.userId, userId)).limit(1)),
    );
    const held = new Set<KeptRecord>(['identity']);
    const p = profile[0];
    if (p?.ktpPhotoKey || verification[0]?.selfieKey) held.add('kyc_images');
    if (consents) held.add('consents');
    if (applications) held.add('applications');
    if (loanRows) held.add('loans');
    if (paymentRows || claims || refundRows) held.add('payments');
    if (cards) held.add('bank_accounts');
    if (messages) held.add('messages');
    if (support) held.add('support');
    return held;
  }

  async insertClosure(db: DbOrTx, row: typeof accountClosures.$inferInsert): Promise<void> {
    await db.insert(accountClosures).values(row);
  }

  /** Closures whose retention ended on or before `date` and whose records are not yet destroyed. */
  async closuresDue(db: DbOrTx, date: string, limit: number): Promise<AccountClosureRow[]> {
    return db
      .select()
      .from(accountClosures)
      .where(
        and(
          isNull(accountClosures.purgedAt),
          isNotNull(accountClosures.retainUntil),
          lte(accountClosures.retainUntil, date),
        ),
      )
      .orderBy(asc(accountClosures.retainUntil), asc(accountClosures.userId))
      .limit(limit);
  }

  async closure(db: DbOrTx, userId: string, lock = false): Promise<AccountClosureRow | undefined> {
    const query = db.select().from(accountClosures).where(eq(accountClosures.userId, userId));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  async markPurged(db: DbOrTx, userId: string, now: Date): Promise<void> {
    await db
      .update(accountClosures)
      .set({ purgedAt: now, phoneEnc: null })
      .where(eq(accountClosures.userId, userId));
  }

  // ---- correction requests

  async profile(db: DbOrTx, userId: string) {
    const [row] = await db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, userId))
      .limit(1);
    return row;
  }

  async insertCorrection(db: DbOrTx, row: typeof correctionRequests.$inferInsert): Promise<void> {
    await db.insert(correctionRequests).values(row);
  }

  async correctionsOf(db: DbOrTx, userId: string) {
    return db
      .select()
      .from(correctionRequests)
      .where(eq(correctionRequests.userId, userId))
      .orderBy(desc(correctionRequests.createdAt));
  }

  async openCorrection(db: DbOrTx, userId: string, field: string) {
    const [row] = await db
      .select({ id: correctionRequests.id })
      .from(correctionRequests)
      .where(
        and(
          eq(correctionRequests.userId, userId),
          eq(correctionRequests.field, field),
          eq(correctionRequests.status, 'open'),
        ),
      )
      .limit(1);
    return row;
  }

  async correction(db: DbOrTx, id: string, lock = false) {
    const query = db.select().from(correctionRequests).where(eq(correctionRequests.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  async decideCorrection(
    db: DbOrTx,
    id: string,
    decision: { status: 'approved' | 'refused'; answer: string; decidedBy: string | null; decidedAt: Date },
  ): Promise<void> {
    await db.update(correctionRequests).set(decision).where(eq(correctionRequests.id, id));
  }

  /** The back office's list: open first, then by age (oldest first for the open, newest first for the rest). */
  async correctionPage(
    db: DbOrTx,
    filter: { status?: string | undefined },
    page: { offset: number; limit: number; order: 'asc' | 'desc' },
  ) {
    const where = filter.status ? eq(correctionRequests.status, filter.status) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({ c: correctionRequests, p: borrowerProfiles })
        .from(correctionRequests)
        .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, correctionRequests.userId))
        .where(where)
        .orderBy(
          desc(eq(correctionRequests.status, 'open')),
          page.order === 'asc' ? asc(correctionRequests.createdAt) : desc(correctionRequests.createdAt),
          asc(correctionRequests.id),
        )
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(correctionRequests).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
}
