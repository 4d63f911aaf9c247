import { randomUUID } from 'node:crypto';
import type { HolidayCalendar } from '@kaskita/domain/collection/holidays';
import { complaintAnswerBy } from '@kaskita/domain/complaints/complaint-deadline';
import {
  COMPLAINT_PHOTO_MAX_BYTES,
  COMPLAINTS_PER_DAY,
  isDisputeCategory,
} from '@kaskita/domain/complaints/complaint-rules';
import type { CallBody } from '@kaskita/domain/contract/define-call';
import {
  COMPLAINT_PHOTO_FIELD,
  type complaintCalls,
  type ComplaintDetail,
  type ComplaintSubjects,
  type MyComplaints,
} from '@kaskita/domain/contract/complaints';
import { COMPLAINT_ANSWER_WORKING_DAYS } from '@kaskita/domain/complaints/complaint-deadline';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import { pgErrorCode, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { FormUpload } from '../../http/multipart-form.ts';
import { readUploadedImage, type StoredOnlyImage } from '../../http/uploaded-image.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { LoanDisputes } from '../disputes/loan-disputes-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { newComplaintNumber } from './case-number.ts';
import { complaintMessage } from './complaint-messages.ts';
import { complaintText, encryptComplaintText } from './complaint-text-service.ts';
import { complaintView, eventView } from './complaint-views.ts';
import type { ComplaintsRepository } from './complaints-repository.ts';
import type { ComplaintRow } from './complaints-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

/** The complaints one borrower may file: a day counted over 24 hours, in the database like every limit. */
export const COMPLAINTS_LIMIT: Limit = {
  bucket: 'complaint_user',
  max: COMPLAINTS_PER_DAY,
  windowSeconds: 86_400,
};

export interface ComplaintsDependencies {
  db: Db;
  repo: ComplaintsRepository;
  users: Pick<UserAccounts, 'signedIn'>;
  limiter: RateLimiter;
  protection: Pick<DataProtection, 'cipher' | 'files'>;
  outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
  clock: Clock;
  holidays: HolidayCalendar;
  /** "I did not take this loan" holds the loan under dispute while the case is not closed. */
  disputes: Pick<LoanDisputes, 'hold'>;
}

type Form = CallBody<typeof complaintCalls.fileComplaint>;

/**
 * The borrower's side of complaints: filing a case (its number, its deadline, its SMS), following their own cases,
 * and the loans and payments one may be about. Every read and write is the session's own borrower's; nothing of a
 * complaint is logged (its text and photo are the borrower's, and the case number is enough to find it).
 */
export class ComplaintsService {
  constructor(private readonly deps: ComplaintsDependencies) {}

  private today(): string {
    return businessDateAt(this.deps.clock.now());
  }

  async file(
    userId: string,
    form: Form,
    upload: FormUpload | null,
    locale: Locale,
  ): Promise<ComplaintDetail> {
    const { db, repo } = this.deps;
    if (upload && upload.field !== COMPLAINT_PHOTO_FIELD)
      throw new AppError('VALIDATION', { fields: { [upload.field]: 'field.invalid' } }, 'field.invalid');
    // Another borrower's loan or payment is refused as one that does not exist: it names nothing.
    const fields: Record<string, string> = {};
    if (form.order_id && !(await repo.ownsLoan(db, userId, form.order_id)))
      fields.order_id = 'complaint.order_unknown';
    // A dispute holds its loan: it must name one.
    if (isDisputeCategory(form.category) && !form.order_id) fields.order_id = 'complaint.order_required';
    if (form.payment_id && !(await repo.ownsPayment(db, userId, form.payment_id)))
      fields.payment_id = 'complaint.payment_unknown';
    const contactLoan = form.contact_id ? await repo.contactLoan(db, userId, form.contact_id) : null;
    if (form.contact_id && !contactLoan) fields.contact_id = 'complaint.contact_unknown';
    const [first] = Object.values(fields);
    if (first) throw new AppError('VALIDATION', { fields }, first);

    // Counted before the photo is decoded: a borrower at the limit cannot keep the server decoding images.
    const counted = await this.deps.limiter.attemptUnlessReached(COMPLAINTS_LIMIT, userId);
    if (!counted) throw new AppError('COMPLAINT_LIMIT');
    let photo: StoredOnlyImage | null = null;
    try {
      photo = upload
        ? await readUploadedImage(upload, { maxBytes: COMPLAINT_PHOTO_MAX_BYTES, ocrCopy: false })
        : null;
    } catch (error) {
      await counted.refund();
      throw error;
    }
    const id = randomUUID();
    const photoKey = photo ? `complaints/${userId}/${id}.jpg` : null;
    let row: ComplaintRow;
    try {
      if (photo && photoKey) await this.deps.protection.files.put(photoKey, photo.stored.bytes);
      // A contact names its loan: the case is about that loan too.
      const about = contactLoan && !form.order_id ? { ...form, order_id: contactLoan } : form;
      row = await this.record({ id, userId, form: about, photoKey, locale });
    } catch (error) {
      await counted.refund();
      if (photoKey) await this.deps.protection.files.delete(photoKey).catch(() => undefined);
      throw error;
    }
    this.deps.outbox.wake();
    return this.detail(db, row);
  }

  /** Stores the case, its first step and its SMS in one transaction; a case number already taken is drawn again. */
  private async record(c: {
    id: string;
    userId: string;
    form: Form;
    photoKey: string | null;
    locale: Locale;
  }): Promise<ComplaintRow> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.deps.db.transaction((tx) => this.recordIn(tx, c));
      } catch (error) {
        if (pgErrorCode(error) !== '23505' || attempt === 3) throw error;
      }
    }
  }

  private async recordIn(
    tx: Tx,
    c: { id: string; userId: string; form: Form; photoKey: string | null; locale: Locale },
  ): Promise<ComplaintRow> {
    const { repo, clock, holidays } = this.deps;
    const user = await this.deps.users.signedIn(c.userId, tx);
    const now = clock.now();
    const answerBy = complaintAnswerBy(now, holidays);
    const row = await repo.insert(tx, {
      id: c.id,
      caseNumber: newComplaintNumber(),
      userId: c.userId,
      category: c.form.category,
      textEnc: encryptComplaintText(this.deps.protection.cipher, c.id, c.form.text),
      loanId: c.form.order_id ?? null,
      paymentId: c.form.payment_id ?? null,
      contactId: c.form.contact_id ?? null,
      photoKey: c.photoKey,
      status: 'open',
      locale: c.locale,
      firstAnswerBy: answerBy,
      answerBy,
      createdAt: now,
      updatedAt: now,
    });
    await repo.addEvent(tx, {
      id: randomUUID(),
      complaintId: row.id,
      kind: 'filed',
      answerBy,
      createdAt: now,
    });
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: user.phone,
      body: complaintMessage('filed', c.locale, { caseNumber: row.caseNumber, answerBy }),
      idempotencyKey: `complaint-filed:${row.id}`,
      deliver: true,
    });
    if (row.loanId && isDisputeCategory(row.category))
      await this.deps.disputes.hold(tx, row.loanId, { source: 'complaint', sourceId: row.id }, now);
    return row;
  }

  async list(userId: string): Promise<MyComplaints> {
    const rows = await this.deps.repo.ofUser(this.deps.db, userId);
    const today = this.today();
    return {
      list: rows.map((r) =>
        complaintView(r, complaintText(this.deps.protection.cipher, r), today, this.deps.holidays),
      ),
      answer_working_days: COMPLAINT_ANSWER_WORKING_DAYS,
    };
  }

  async get(userId: string, id: string): Promise<ComplaintDetail> {
    const row = await this.deps.repo.ofUserById(this.deps.db, userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.detail(this.deps.db, row);
  }

  private async detail(db: DbOrTx, row: ComplaintRow): Promise<ComplaintDetail> {
    const events = await this.deps.repo.events(db, row.id);
    const text = complaintText(this.deps.protection.cipher, row);
    return { ...complaintView(row, text, this.today(), this.deps.holidays), events: events.map(eventView) };
  }

  async subjects(userId: string): Promise<ComplaintSubjects> {
    const { db, repo } = this.deps;
    const [loans, payments] = await inTurn(
      () => repo.loansOf(db, userId),
      () => repo.paymentsOf(db, userId),
    );
    return {
      orders: loans.map((l) => ({
        order_id: l.id,
        amount: l.amount,
        created_at: l.createdAt.toISOString(),
        state: l.state,
      })),
      payments: payments.map((p) => ({
        payment_id: p.id,
        order_id: p.loanId,
        amount: p.amount,
        paid_at: p.paidAt.toISOString(),
      })),
    };
  }
}
