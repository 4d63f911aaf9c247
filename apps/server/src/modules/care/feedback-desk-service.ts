import { z } from 'zod';
import { addWorkingDays, type HolidayCalendar } from '@kaskita/domain/collection/holidays';
import { ANSWER_WORKING_DAYS, type AdminFeedbackDetail } from '@kaskita/domain/contract/admin-care';
import type { FeedbackKind, FeedbackStatus, MyFeedback } from '@kaskita/domain/contract/feedback';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { defineCommand } from '../../commands/command.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { CareRepository, FeedbackRow } from './care-repository.ts';

export interface FeedbackDeskDependencies {
  db: Db;
  clock: Clock;
  care: CareRepository;
  outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
  users: Pick<UserAccounts, 'signedIn'>;
  holidays: HolidayCalendar;
}

const EXCERPT_LENGTH = 80;

/** The SMS that a reply waits in the app; never the reply itself (an SMS is read by whoever holds the phone). */
export function replyWaitingMessage(locale: Locale, kind: FeedbackKind): string {
  if (locale === 'id-ID')
    return kind === 'complaint'
      ? 'KasKita: pengaduan Anda sudah kami jawab. Buka aplikasi KasKita, Saya > Bantuan, untuk membacanya.'
      : 'KasKita: masukan Anda sudah kami jawab. Buka aplikasi KasKita, Saya > Bantuan, untuk membacanya.';
  return kind === 'complaint'
    ? 'KasKita: we have answered your complaint. Open the KasKita app, Me > Help, to read it.'
    : 'KasKita: we have answered your feedback. Open the KasKita app, Me > Help, to read it.';
}

/**
 * Feedback and complaints: the staff list with each one's answer deadline, the reply the borrower reads in the app
 * (with an SMS saying it is there), and closing with a resolution. Both changes are audited commands.
 */
export class FeedbackDeskService {
  constructor(private readonly deps: FeedbackDeskDependencies) {}

  private deadline(row: FeedbackRow) {
    const today = businessDateAt(this.deps.clock.now());
    const deadline = addWorkingDays(businessDateAt(row.createdAt), ANSWER_WORKING_DAYS, this.deps.holidays);
    return { deadline, overdue: row.status === 'open' && deadline < today };
  }

  private row(row: FeedbackRow) {
    return {
      id: row.id,
      kind: row.kind as FeedbackKind,
      status: row.status as FeedbackStatus,
      user_id: row.userId,
      excerpt:
        row.content.length > EXCERPT_LENGTH ? `${row.content.slice(0, EXCERPT_LENGTH - 1)}…` : row.content,
      created_at: row.createdAt.toISOString(),
      ...this.deadline(row),
    };
  }

  private detail(row: FeedbackRow): AdminFeedbackDetail {
    return {
      ...this.row(row),
      content: row.content,
      locale: row.locale,
      reply: row.reply,
      replied_at: row.repliedAt?.toISOString() ?? null,
      resolution: row.resolution,
      closed_at: row.closedAt?.toISOString() ?? null,
    };
  }

  async list(filter: { kind?: string | undefined; status?: string | undefined }, paging: Paging) {
    const { rows, total } = await this.deps.care.feedbackList(this.deps.db, filter, paging);
    return { items: rows.map((r) => this.row(r)), total };
  }

  async get(id: string): Promise<AdminFeedbackDetail> {
    const row = await this.deps.care.feedback(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.detail(row);
  }

  /** GET /v1/feedback: the borrower's own, with the answers. */
  async mine(userId: string): Promise<MyFeedback> {
    const rows = await this.deps.care.feedbackOf(this.deps.db, userId);
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind as FeedbackKind,
        status: r.status as FeedbackStatus,
        content: r.content,
        created_at: r.createdAt.toISOString(),
        reply: r.reply,
        replied_at: r.repliedAt?.toISOString() ?? null,
        resolution: r.resolution,
      })),
    };
  }

  /** `feedback.reply`: the reply is the command's input, so the audit row holds what the borrower was told. */
  readonly replyCommand = defineCommand({
    name: 'feedback.reply',
    input: z.object({ feedbackId: z.string().min(1), reply: z.string().trim().min(1).max(2000) }),
    actors: ['staff'],
    permission: PERMISSIONS.complaintAnswer,
    handle: async (tx, { feedbackId, reply }, { actor, commandId, now }) => {
      const row = await this.deps.care.feedback(tx, feedbackId, true);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
      const updated = await this.deps.care.updateFeedback(tx, row.id, {
        status: 'answered',
        reply,
        repliedAt: now,
        repliedBy: actor.kind === 'staff' ? actor.staffId : null,
      });
      const user = await this.deps.users.signedIn(row.userId, tx);
      await this.deps.outbox.enqueue(tx, {
        channel: 'sms',
        recipient: user.phone,
        body: replyWaitingMessage(row.locale as Locale, row.kind as FeedbackKind),
        idempotencyKey: `feedback-reply:${row.id}:${commandId}`,
        deliver: true,
      });
      return {
        result: this.detail(updated),
        outcome: 'answered',
        subject: { type: 'feedback', id: row.id },
        before: { status: row.status, reply: row.reply },
        after: { status: updated.status, reply },
      };
    },
  });

  /** `feedback.close`: the resolution (the typed reason) is what the borrower reads beside the reply. */
  readonly closeCommand = defineCommand({
    name: 'feedback.close',
    input: z.object({ feedbackId: z.string().min(1) }),
    actors: ['staff'],
    permission: PERMISSIONS.complaintAnswer,
    handle: async (tx, { feedbackId }, { actor, now, reason }) => {
      const row = await this.deps.care.feedback(tx, feedbackId, true);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
      const updated = await this.deps.care.updateFeedback(tx, row.id, {
        status: 'closed',
        resolution: reason,
        closedAt: now,
        closedBy: actor.kind === 'staff' ? actor.staffId : null,
      });
      return {
        result: this.detail(updated),
        outcome: 'closed',
        subject: { type: 'feedback', id: row.id },
        before: { status: row.status },
        after: { status: 'closed', resolution: reason },
      };
    },
  });

  wakeOutbox(): void {
    this.deps.outbox.wake();
  }
}
