import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { HolidayCalendar } from '@kaskita/domain/collection/holidays';
import { extendedAnswerBy } from '@kaskita/domain/complaints/complaint-deadline';
import {
  COMPLAINT_ACTIONS,
  complaintStep,
  EVENT_OF_ACTION,
  type ComplaintAction,
  type ComplaintEventKind,
  type ComplaintRefusal,
  type ComplaintStatus,
} from '@kaskita/domain/complaints/complaint-rules';
import type { AdminComplaintDetail, AdminComplaintRow } from '@kaskita/domain/contract/admin-complaints';
import type { ErrorKey } from '@kaskita/domain/i18n/error-codes';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import type { Clock } from '../../clock.ts';
import { defineCommand, type CommandContext } from '../../commands/command.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { LoanDisputes } from '../disputes/loan-disputes-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { complaintMessage } from './complaint-messages.ts';
import { complaintText } from './complaint-text-service.ts';
import { complaintView } from './complaint-views.ts';
import type { ComplaintQueueFilter, ComplaintsRepository } from './complaints-repository.ts';
import type { ComplaintRow } from './complaints-schema.ts';

export interface ComplaintDeskDependencies {
  db: Db;
  repo: ComplaintsRepository;
  users: Pick<UserAccounts, 'signedIn'>;
  protection: Pick<DataProtection, 'cipher' | 'files'>;
  outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
  clock: Clock;
  holidays: HolidayCalendar;
  /** Closing a dispute ("I did not take this loan") releases its loan. */
  disputes: Pick<LoanDisputes, 'release'>;
}

const EXCERPT_LENGTH = 80;

const REFUSAL_ERROR: Record<ComplaintRefusal, ErrorKey> = {
  not_allowed: 'COMPLAINT_NOT_ALLOWED',
  already_extended: 'COMPLAINT_ALREADY_EXTENDED',
  extension_too_late: 'COMPLAINT_EXTENSION_TOO_LATE',
};

const caseInput = z.object({ complaintId: z.string().min(1).max(64) });

/**
 * The complaints desk: the queue by deadline, one case with its history, and the four staff steps, each an audited
 * command (complaint.start, .answer, .extend, .close) that records the step, moves the status as
 * complaints/complaint-rules.ts allows, and texts the borrower in the language they filed in. The text a step carries
 * (the answer, the extension's reason, the closing note) is the command's reason: the audit row keeps the very words
 * the borrower reads.
 */
export class ComplaintDeskService {
  constructor(private readonly deps: ComplaintDeskDependencies) {}

  private today(now = this.deps.clock.now()): string {
    return businessDateAt(now);
  }

  private row(row: ComplaintRow, text: string, today: string): AdminComplaintRow {
    const view = complaintView(row, text, today, this.deps.holidays);
    return {
      id: row.id,
      case_number: row.caseNumber,
      category: view.category,
      status: view.status,
      user_id: row.userId,
      excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text,
      filed_at: view.filed_at,
      answer_by: view.answer_by,
      extended: view.extended,
      compliance: row.contactId !== null,
      working_days_left: view.working_days_left,
      overdue: view.overdue,
    };
  }

  private async detail(db: DbOrTx, row: ComplaintRow, today: string): Promise<AdminComplaintDetail> {
    const text = complaintText(this.deps.protection.cipher, row);
    const events = await this.deps.repo.events(db, row.id);
    const current = {
      status: row.status as ComplaintStatus,
      extended: row.extendedAt !== null,
      answerBy: row.answerBy,
    };
    const can = Object.fromEntries(
      COMPLAINT_ACTIONS.map((action) => [action, complaintStep(current, action, today).ok]),
    ) as Record<ComplaintAction, boolean>;
    return {
      ...this.row(row, text, today),
      text,
      locale: row.locale,
      order_id: row.loanId,
      payment_id: row.paymentId,
      contact_id: row.contactId,
      has_photo: row.photoKey !== null,
      first_answer_by: row.firstAnswerBy,
      extension_reason: row.extensionReason,
      events: events.map((e) => ({
        kind: e.kind as ComplaintEventKind,
        at: e.createdAt.toISOString(),
        text: e.text,
        answer_by: e.answerBy,
        staff_id: e.staffId,
        staff_name: e.staffName,
      })),
      can,
    };
  }

  async list(filter: ComplaintQueueFilter & { overdue?: boolean }, paging: Paging & { sort?: string }) {
    const today = this.today();
    const { rows, total } = await this.deps.repo.queue(
      this.deps.db,
      { ...filter, overdueOn: filter.overdue ? today : undefined },
      paging,
    );
    return {
      items: rows.map((r) => this.row(r, complaintText(this.deps.protection.cipher, r), today)),
      total,
    };
  }

  async get(id: string): Promise<AdminComplaintDetail> {
    const row = await this.deps.repo.byId(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.detail(this.deps.db, row, this.today());
  }

  /** `complaint.photo_view`: the borrower's photo, decrypted for one look; the audit row says who looked. */
  readonly photoCommand = defineCommand({
    name: 'complaint.photo_view',
    input: caseInput,
    actors: ['staff'],
    permission: PERMISSIONS.complaintAnswer,
    handle: async (tx, { complaintId }) => {
      const row = await this.deps.repo.byId(tx, complaintId);
      const bytes = row?.photoKey ? await this.deps.protection.files.get(row.photoKey) : null;
      if (!row || !bytes) throw new AppError('NOT_FOUND');
      return {
        result: { content_type: 'image/jpeg' as const, data: bytes.toString('base64') },
        subject: { type: 'complaint', id: row.id },
        outcome: 'viewed',
        after: { field: 'photo' },
      };
    },
  });

  readonly startCommand = this.step('start');
  readonly answerCommand = this.step('answer');
  readonly extendCommand = this.step('extend');
  readonly closeCommand = this.step('close');

  private step(action: ComplaintAction) {
    return defineCommand({
      name: `complaint.${action}`,
      input: caseInput,
      actors: ['staff'],
      permission: PERMISSIONS.complaintAnswer,
      handle: async (tx, { complaintId }, context) => {
        const row = await this.deps.repo.byId(tx, complaintId, true);
        if (!row) throw new AppError('NOT_FOUND');
        const today = this.today(context.now);
        const current = {
          status: row.status as ComplaintStatus,
          extended: row.extendedAt !== null,
          answerBy: row.answerBy,
        };
        const next = complaintStep(current, action, today);
        if (!next.ok) throw new AppError(REFUSAL_ERROR[next.refusal]);
        const updated = await this.apply(tx, row, action, next.status, context);
        return {
          result: await this.detail(tx, updated, today),
          subject: { type: 'complaint', id: row.id },
          outcome: EVENT_OF_ACTION[action],
          before: { status: row.status, answerBy: row.answerBy },
          after: { status: updated.status, answerBy: updated.answerBy },
        };
      },
    });
  }

  /** The step's row changes, its history entry and its SMS, in the command's transaction. */
  private async apply(
    tx: Tx,
    row: ComplaintRow,
    action: ComplaintAction,
    status: ComplaintStatus,
    { actor, commandId, now, reason }: CommandContext,
  ): Promise<ComplaintRow> {
    const kind = EVENT_OF_ACTION[action];
    const answerBy = action === 'extend' ? extendedAnswerBy(row.answerBy, this.deps.holidays) : row.answerBy;
    // Taking a case up carries no words of its own; the other steps' words are what the staff member typed.
    const text = action === 'start' ? null : reason;
    const updated = await this.deps.repo.update(tx, row.id, {
      status,
      answerBy,
      updatedAt: now,
      ...(action === 'extend' ? { extendedAt: now, extensionReason: text } : {}),
      ...(action === 'answer' && !row.answeredAt ? { answeredAt: now } : {}),
      ...(action === 'close' ? { closedAt: now } : {}),
    });
    if (action === 'close')
      await this.deps.disputes.release(tx, { source: 'complaint', sourceId: row.id }, now);
    await this.deps.repo.addEvent(tx, {
      id: randomUUID(),
      complaintId: row.id,
      kind,
      text,
      answerBy: action === 'extend' ? answerBy : null,
      staffId: actor.kind === 'staff' ? actor.staffId : null,
      createdAt: now,
    });
    const user = await this.deps.users.signedIn(row.userId, tx);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: complaintMessage(kind, row.locale as Locale, { caseNumber: row.caseNumber, answerBy, text }),
      idempotencyKey: `complaint-${kind}:${row.id}:${commandId}`,
      deliver: true,
    });
    return updated;
  }

  wakeOutbox(): void {
    this.deps.outbox.wake();
  }
}
