import { and, arrayContains, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { auditLog } from '../../commands/audit-schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { messageOutbox } from '../../jobs/outbox-schema.ts';
import { creditApplications, feedback } from '../application/application-schema.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';
import { paymentClaims } from '../repayments/payment-claims-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { staff } from '../staff/staff-schema.ts';
import { agreementAcceptances, users } from '../user/user-schema.ts';
import { PII_REVEAL_COMMAND } from './pii-reveal-service.ts';

/** What a list of borrowers reads of each: enough to mask, nothing more. */
export interface BorrowerListRow {
  id: string;
  /** users.phone_enc (user/user-phone-schema.ts opens it). */
  phoneEnc: string;
  blockedAt: Date | null;
  nameEnc: string | null;
  nikEnc: string | null;
}

/** At most this many rows of each kind on a borrower's record: the newest. */
const RECORD_ROWS = 50;

const listColumns = {
  id: users.id,
  phoneEnc: users.phoneEnc,
  blockedAt: users.blockedAt,
  nameEnc: borrowerProfiles.nameEnc,
  nikEnc: borrowerProfiles.nikEnc,
};

/**
 * The back office's reads of a borrower across the tables of the borrower's journey. Read-only: every change goes
 * through the owning module's service (blocking through UserService, decisions through ApplicationService).
 */
export class BorrowersRepository {
  /** By the phone's keyed hash (security/phone-lookup.ts): the number itself is never in the query. */
  async byPhoneHash(db: DbOrTx, phoneHash: string): Promise<BorrowerListRow[]> {
    return db
      .select(listColumns)
      .from(users)
      .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, users.id))
      .where(eq(users.phoneHash, phoneHash));
  }

  /** By the NIK's keyed hash (security/lookup-hasher.ts): the NIK itself is never in the query. */
  async byNikHash(db: DbOrTx, nikHash: string): Promise<BorrowerListRow[]> {
    return db
      .select(listColumns)
      .from(borrowerProfiles)
      .innerJoin(users, eq(users.id, borrowerProfiles.userId))
      .where(eq(borrowerProfiles.nikHash, nikHash));
  }

  /**
   * The names holding every one of these words, by the words' keyed hashes (profile-fields-schema.ts): names are
   * encrypted, so SQL can neither match a part of a word nor sort by name; the list is in registration order.
   */
  async byNameWords(
    db: DbOrTx,
    wordHashes: readonly string[],
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: BorrowerListRow[] }> {
    const where = arrayContains(borrowerProfiles.nameWordHashes, [...wordHashes]);
    const [rows, [total]] = await Promise.all([
      db
        .select(listColumns)
        .from(borrowerProfiles)
        .innerJoin(users, eq(users.id, borrowerProfiles.userId))
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .offset(page.offset)
        .limit(page.limit),
      db.select({ n: count() }).from(borrowerProfiles).where(where),
    ]);
    return { total: total?.n ?? 0, rows };
  }

  async byIds(db: DbOrTx, ids: readonly string[]): Promise<BorrowerListRow[]> {
    if (ids.length === 0) return [];
    return db
      .select(listColumns)
      .from(users)
      .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, users.id))
      .where(inArray(users.id, [...ids]));
  }

  async user(db: DbOrTx, userId: string) {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  }

  async profile(db: DbOrTx, userId: string) {
    const [row] = await db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, userId))
      .limit(1);
    return row;
  }

  /** Everything on a borrower's record but their identity, newest first. */
  /** `phoneHash`: the borrower's phone's keyed hash (security/phone-lookup.ts), as the outbox is addressed. */
  async record(db: DbOrTx, userId: string, phoneHash: string) {
    const [applicationRows, loanRows, paymentRows, messageRows, consentRows, claimRows, feedbackRows] =
      await Promise.all([
        db
          .select()
          .from(creditApplications)
          .where(eq(creditApplications.userId, userId))
          .orderBy(desc(creditApplications.submittedAt))
          .limit(RECORD_ROWS),
        db
          .select()
          .from(loans)
          .where(eq(loans.userId, userId))
          .orderBy(desc(loans.createdAt))
          .limit(RECORD_ROWS),
        db
          .select()
          .from(payments)
          .where(eq(payments.userId, userId))
          .orderBy(desc(payments.paidAt))
          .limit(RECORD_ROWS),
        // The outbox is addressed by phone: every message sent to this borrower's number.
        db
          .select({
            id: messageOutbox.id,
            channel: messageOutbox.channel,
            status: messageOutbox.status,
            idempotencyKey: messageOutbox.idempotencyKey,
            createdAt: messageOutbox.createdAt,
            sentAt: messageOutbox.sentAt,
          })
          .from(messageOutbox)
          .where(eq(messageOutbox.recipientHash, phoneHash))
          .orderBy(desc(messageOutbox.createdAt))
          .limit(RECORD_ROWS),
        db
          .select()
          .from(agreementAcceptances)
          .where(eq(agreementAcceptances.userId, userId))
          .orderBy(desc(agreementAcceptances.acceptedAt))
          .limit(RECORD_ROWS),
        db
          .select()
          .from(paymentClaims)
          .where(eq(paymentClaims.userId, userId))
          .orderBy(desc(paymentClaims.createdAt))
          .limit(RECORD_ROWS),
        db
          .select()
          .from(feedback)
          .where(eq(feedback.userId, userId))
          .orderBy(desc(feedback.createdAt))
          .limit(RECORD_ROWS),
      ]);
    return {
      applications: applicationRows,
      loans: loanRows,
      payments: paymentRows,
      messages: messageRows,
      consents: consentRows,
      claims: claimRows,
      feedback: feedbackRows,
    };
  }

  /** The unmasked reads of a borrower's personal data by staff (audited reveals), newest first, with the reader's role. */
  reveals(db: DbOrTx, userId: string, limit: number) {
    return db
      .select({ at: auditLog.createdAt, after: auditLog.after, role: staff.role })
      .from(auditLog)
      .innerJoin(staff, eq(staff.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.command, PII_REVEAL_COMMAND),
          eq(auditLog.subjectType, 'borrower'),
          eq(auditLog.subjectId, userId),
          eq(auditLog.actorKind, 'staff'),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(limit);
  }
}
