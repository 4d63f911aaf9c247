import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { contactZonesOf, nextAllowedContact } from '@kaskita/domain/collection/collection-contact';
import { collectorCode } from '@kaskita/domain/collection/collector-code';
import type { CollectionLog } from '@kaskita/domain/contract/collection-log';
import type { HolidayCalendar } from '@kaskita/domain/collection/holidays';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  type CollectionLoanView,
  type CollectionQueueRow,
  type ContactView,
  type PromiseView,
} from '@kaskita/domain/contract/admin-collections';
import { dpdBucketOf, type DpdBucket } from '@kaskita/domain/contract/admin-book';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { addDays, businessDateAt, daysBetween } from '@kaskita/domain/pricing/business-date';
import { maskName } from '@kaskita/domain/staff/mask-name';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import { defineCommand } from '../../commands/command.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import type {
  CollectionsRepository,
  ContactRow,
  OverdueLoanRecord,
  PromiseRow,
} from './collections-repository.ts';
import { inTurn } from '../../db/in-turn.ts';

/** How far ahead a promise may be dated: further is a plan, not a promise. */
export const PROMISE_MAX_DAYS = 30;
/** Contacts older than this cannot count against today's limit in any zone. */
const DAY_LIMIT_LOOKBACK_MS = 48 * 3600_000;

export interface CollectionsDependencies {
  db: Db;
  clock: Clock;
  repo: CollectionsRepository;
  holidays: HolidayCalendar;
}

/** Midnight at the end of a Jakarta business date, as an instant (WIB is UTC+7 all year). */
const endOfJakartaDay = (date: string) => new Date(`${addDays(date, 1)}T00:00:00+07:00`);

/**
 * The collections work (issue 25): the queue of overdue loans by bucket with when each borrower may next be
 * contacted, one loan's log, and the two commands a collector runs. The contact rules are the domain's
 * (collection/collection-contact.ts); the command checks them again at the instant it writes, so the screen's
 * "allowed" can never be stale.
 */
export class CollectionsService {
  readonly recordContactCommand;
  readonly recordPromiseCommand;

  constructor(private readonly deps: CollectionsDependencies) {
    const { repo } = deps;
    this.recordContactCommand = defineCommand({
      name: 'collection.record_contact',
      input: z.object({
        loanId: z.string(),
        channel: z.enum(CONTACT_CHANNELS),
        outcome: z.enum(CONTACT_OUTCOMES),
      }),
      actors: ['staff'],
      permission: PERMISSIONS.collectionContact,
      handle: async (tx, input, { actor, commandId, now, reason }) => {
        const loan = await this.overdueLoan(tx, input.loanId, now);
        // A borrower who contests the loan is answered by the complaints desk, not called about it.
        if (loan.disputedSince)
          throw new AppError('LOAN_UNDER_DISPUTE', { disputed_since: loan.disputedSince });
        const next = await this.nextContact(tx, loan, now);
        if (next.getTime() > now.getTime()) {
          throw new AppError('CONTACT_NOT_ALLOWED', { next_allowed_at: next.toISOString() });
        }
        const row: ContactRow = {
          id: randomUUID(),
          loanId: loan.loanId,
          staffId: actor.kind === 'staff' ? actor.staffId : '',
          channel: input.channel,
          outcome: input.outcome,
          note: reason ?? '',
          contactedAt: now,
          commandId,
        };
        await repo.insertContact(tx, row);
        return {
          result: contactView(row),
          subject: { type: 'loan', id: loan.loanId },
          outcome: 'recorded',
          after: { contact: row.id, channel: row.channel, outcome: row.outcome },
        };
      },
    });
    this.recordPromiseCommand = defineCommand({
      name: 'collection.record_promise',
      input: z.object({
        loanId: z.string(),
        promisedDate: z.string(),
        amount: z.number().int().positive(),
      }),
      actors: ['staff'],
      permission: PERMISSIONS.collectionContact,
      handle: async (tx, input, { actor, commandId, now }) => {
        const [loan] = await tx.select({ state: loans.state }).from(loans).where(eq(loans.id, input.loanId));
        if (!loan) throw new AppError('NOT_FOUND');
        if (loan.state !== 'active' && loan.state !== 'overdue') throw new AppError('NO_REPAYING_LOAN');
        const today = businessDateAt(now);
        const ahead = daysBetween(today, input.promisedDate);
        if (Number.isNaN(ahead) || ahead < 0 || ahead > PROMISE_MAX_DAYS) {
          throw new AppError('PROMISE_DATE_INVALID');
        }
        const row: PromiseRow = {
          id: randomUUID(),
          loanId: input.loanId,
          staffId: actor.kind === 'staff' ? actor.staffId : '',
          promisedDate: input.promisedDate,
          amount: input.amount as Rupiah,
          createdAt: now,
          commandId,
        };
        await repo.insertPromise(tx, row);
        return {
          result: await this.promiseView(tx, row, today),
          subject: { type: 'loan', id: input.loanId },
          outcome: 'recorded',
          after: { promise: row.id, promisedDate: row.promisedDate, amount: row.amount },
        };
      },
    });
  }

  async queue(bucket: DpdBucket, paging: Paging): Promise<{ items: CollectionQueueRow[]; total: number }> {
    const { db, clock, repo } = this.deps;
    const now = clock.now();
    const today = businessDateAt(now);
    const { rows, total } = await repo.overdue(db, today, { bucket, paging });
    const ids = rows.map((r) => r.loanId);
    const [recent, last, promises] = await inTurn(
      () => repo.contactsSince(db, ids, new Date(now.getTime() - DAY_LIMIT_LOOKBACK_MS)),
      () => repo.lastContacts(db, ids),
      () => repo.latestPromises(db, ids),
    );
    const items: CollectionQueueRow[] = [];
    for (const loan of rows) {
      const promise = promises.get(loan.loanId);
      items.push(
        this.row(
          loan,
          now,
          recent.filter((c) => c.loanId === loan.loanId).map((c) => c.contactedAt),
          last.get(loan.loanId) ?? null,
          promise ? await this.promiseView(db, promise, today) : null,
        ),
      );
    }
    return { items, total };
  }

  async loan(loanId: string): Promise<CollectionLoanView> {
    const { db, clock, repo } = this.deps;
    const now = clock.now();
    const today = businessDateAt(now);
    const loan = await this.overdueLoan(db, loanId, now);
    const [contacts, promiseRows] = await inTurn(
      () => repo.contacts(db, loanId),
      () => repo.promises(db, loanId),
    );
    const promises = [];
    for (const p of promiseRows) promises.push(await this.promiseView(db, p, today));
    const since = now.getTime() - DAY_LIMIT_LOOKBACK_MS;
    const row = this.row(
      loan,
      now,
      contacts.filter((c) => c.contactedAt.getTime() >= since).map((c) => c.contactedAt),
      contacts[0]?.contactedAt ?? null,
      promises[0] ?? null,
    );
    return { ...row, contacts: contacts.map(contactView), promises, late_fees: loan.lateFees };
  }

  private row(
    loan: OverdueLoanRecord,
    now: Date,
    recentContacts: Date[],
    lastContact: Date | null,
    promise: PromiseView | null,
  ): CollectionQueueRow {
    const zones = contactZonesOf(loan.province, loan.timeZone);
    const next = nextAllowedContact(now, { zones, contactTimes: recentContacts }, this.deps.holidays);
    const dpd = daysBetween(loan.oldestDue, businessDateAt(now));
    return {
      loan_id: loan.loanId,
      // Masked as every back-office list shows a borrower; the NIK is not needed to collect, so not even its tail.
      borrower: {
        id: loan.userId,
        name_masked: loan.name ? maskName(loan.name) : null,
        phone_masked: maskPhone(loan.phone),
        nik_masked: null,
        blocked: loan.blockedAt !== null,
      },
      dpd,
      dpd_bucket: dpdBucketOf(dpd) ?? '1-30',
      amount_overdue: loan.amountOverdue,
      time_zones: [...zones],
      last_contact_at: lastContact?.toISOString() ?? null,
      promise,
      next_allowed_contact_at: next.toISOString(),
      may_contact_now: !loan.disputedSince && next.getTime() <= now.getTime(),
      disputed_since: loan.disputedSince,
    };
  }

  /** The loan if it is repaying with a bill past due; NOT_FOUND or NO_REPAYING_LOAN otherwise. */
  private async overdueLoan(db: DbOrTx, loanId: string, now: Date): Promise<OverdueLoanRecord> {
    const { rows } = await this.deps.repo.overdue(db, businessDateAt(now), { loanId });
    const loan = rows[0];
    if (loan) return loan;
    const [exists] = await db.select({ id: loans.id }).from(loans).where(eq(loans.id, loanId));
    throw new AppError(exists ? 'NO_REPAYING_LOAN' : 'NOT_FOUND');
  }

  private async nextContact(db: DbOrTx, loan: OverdueLoanRecord, now: Date): Promise<Date> {
    const recent = await this.deps.repo.contactsSince(
      db,
      [loan.loanId],
      new Date(now.getTime() - DAY_LIMIT_LOOKBACK_MS),
    );
    return nextAllowedContact(
      now,
      { zones: contactZonesOf(loan.province, loan.timeZone), contactTimes: recent.map((c) => c.contactedAt) },
      this.deps.holidays,
    );
  }

  private async promiseView(db: DbOrTx, row: PromiseRow, today: string): Promise<PromiseView> {
    const paid = await this.deps.repo.paidBetween(
      db,
      row.loanId,
      row.createdAt,
      endOfJakartaDay(row.promisedDate),
    );
    const state = paid >= row.amount ? 'kept' : today > row.promisedDate ? 'broken' : 'pending';
    return {
      id: row.id,
      promised_date: row.promisedDate,
      amount: row.amount,
      paid: paid as Rupiah,
      state,
      recorded_by: row.staffId,
      recorded_at: row.createdAt.toISOString(),
    };
  }

  /** The borrower's own view of the contacts about their loan (GET /v1/order/collection_contacts): no notes, no names. */
  async borrowerLog(userId: string, loanId: string): Promise<CollectionLog> {
    const rows = await this.deps.repo.contactsOfBorrower(this.deps.db, userId, loanId);
    if (!rows) throw new AppError('NOT_FOUND');
    return {
      list: rows.map((c) => ({
        contact_id: c.id,
        contacted_at: c.contactedAt.toISOString(),
        channel: c.channel as CollectionLog['list'][number]['channel'],
        outcome: c.outcome as CollectionLog['list'][number]['outcome'],
        collector_code: collectorCode(c.staffId),
      })),
    };
  }
}

function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    channel: row.channel as ContactView['channel'],
    outcome: row.outcome as ContactView['outcome'],
    note: row.note,
    staff_id: row.staffId,
    contacted_at: row.contactedAt.toISOString(),
  };
}
