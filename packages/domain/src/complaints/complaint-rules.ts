import type { Bilingual } from '../i18n/locale.ts';

/**
 * Complaints (pengaduan, issue 27): what a borrower may complain about, the life of a case, and what each staff action
 * may do to it. POJK 22/2023 on consumer protection has a complaint answered within 10 working days of its receipt,
 * extendable once by 10 more with the reason told to the consumer: the dates are in complaint-deadline.ts.
 */

/** What a complaint is about: the form's first question, and how the back office sorts its queue. */
export const COMPLAINT_CATEGORIES = [
  'not_my_loan',
  'payment',
  'bill',
  'loan',
  'disbursement',
  'collection',
  'account',
  'personal_data',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_CATEGORY_LABELS: Record<ComplaintCategory, Bilingual> = {
  not_my_loan: { 'en-US': 'I did not take this loan', 'id-ID': 'Saya tidak mengajukan pinjaman ini' },
  payment: { 'en-US': 'A payment', 'id-ID': 'Pembayaran' },
  bill: { 'en-US': 'Bills and late fees', 'id-ID': 'Tagihan dan denda' },
  loan: { 'en-US': 'My application or loan', 'id-ID': 'Pengajuan atau pinjaman' },
  disbursement: { 'en-US': 'Receiving my loan', 'id-ID': 'Pencairan dana' },
  collection: { 'en-US': 'Collection calls and messages', 'id-ID': 'Penagihan' },
  account: { 'en-US': 'My account or signing in', 'id-ID': 'Akun atau masuk' },
  personal_data: { 'en-US': 'My personal data or KTP', 'id-ID': 'Data pribadi atau KTP' },
  other: { 'en-US': 'Something else', 'id-ID': 'Lainnya' },
};

/**
 * Categories that contest a loan (a dispute): the case must name the loan, and while it is not closed the loan accrues
 * no late fee and gets no reminder (lifecycle/dispute.ts). "My payment was not credited" is the payment claim's.
 */
export const DISPUTE_CATEGORIES = ['not_my_loan'] as const satisfies readonly ComplaintCategory[];

export function isDisputeCategory(category: string): boolean {
  return (DISPUTE_CATEGORIES as readonly string[]).includes(category);
}

export function isComplaintCategory(value: unknown): value is ComplaintCategory {
  return typeof value === 'string' && (COMPLAINT_CATEGORIES as readonly string[]).includes(value);
}

/**
 * `open`: filed, waiting for the back office. `in_progress`: a staff member has taken it (or extended its deadline).
 * `answered`: the borrower has an answer (more may follow). `closed`: done; nothing more happens to it.
 */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'answered', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, Bilingual> = {
  open: { 'en-US': 'Received', 'id-ID': 'Diterima' },
  in_progress: { 'en-US': 'Being handled', 'id-ID': 'Sedang ditangani' },
  answered: { 'en-US': 'Answered', 'id-ID': 'Sudah dijawab' },
  closed: { 'en-US': 'Closed', 'id-ID': 'Selesai' },
};

/** Still waiting for an answer: the deadline runs, and the case may be extended. */
export const WAITING_COMPLAINT_STATUSES = [
  'open',
  'in_progress',
] as const satisfies readonly ComplaintStatus[];

export function isWaiting(status: ComplaintStatus): boolean {
  return (WAITING_COMPLAINT_STATUSES as readonly string[]).includes(status);
}

/** What the back office does to a case; each is a staff command with its audit row and an SMS to the borrower. */
export const COMPLAINT_ACTIONS = ['start', 'answer', 'extend', 'close'] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

/** What a case's history shows: its filing, then each staff action. */
export const COMPLAINT_EVENT_KINDS = ['filed', 'started', 'answered', 'extended', 'closed'] as const;
export type ComplaintEventKind = (typeof COMPLAINT_EVENT_KINDS)[number];

export const EVENT_OF_ACTION: Record<ComplaintAction, ComplaintEventKind> = {
  start: 'started',
  answer: 'answered',
  extend: 'extended',
  close: 'closed',
};

/** Why an action is refused: the case is past it, or its one extension is spent, or its deadline has passed. */
export type ComplaintRefusal = 'not_allowed' | 'already_extended' | 'extension_too_late';

export type ComplaintStep = { ok: true; status: ComplaintStatus } | { ok: false; refusal: ComplaintRefusal };

/**
 * The status after `action`, or why it is refused. An answer may follow another (a correction, more detail) until the
 * case is closed; only an answered case is closed, so none closes unanswered. The one extension is for a case still
 * waiting, announced before its deadline passes (POJK 22/2023: the consumer is told before the first 10 days end).
 * `today` and `answerBy` are Jakarta dates (YYYY-MM-DD), compared as text.
 */
export function complaintStep(
  current: { status: ComplaintStatus; extended: boolean; answerBy: string },
  action: ComplaintAction,
  today: string,
): ComplaintStep {
  const { status } = current;
  switch (action) {
    case 'start':
      return status === 'open' ? { ok: true, status: 'in_progress' } : refuse('not_allowed');
    case 'answer':
      return status === 'closed' ? refuse('not_allowed') : { ok: true, status: 'answered' };
    case 'extend':
      if (!isWaiting(status)) return refuse('not_allowed');
      if (current.extended) return refuse('already_extended');
      if (today > current.answerBy) return refuse('extension_too_late');
      return { ok: true, status: 'in_progress' };
    case 'close':
      return status === 'answered' ? { ok: true, status: 'closed' } : refuse('not_allowed');
  }
}

const refuse = (refusal: ComplaintRefusal): ComplaintStep => ({ ok: false, refusal });

/** Complaints one borrower may file in 24 hours: a case takes days to answer, and more at once is a mistake or abuse. */
export const COMPLAINTS_PER_DAY = 3;

/** The borrower's text: enough to say what happened, short enough to read in one go. */
export const COMPLAINT_TEXT_MIN = 10;
export const COMPLAINT_TEXT_MAX = 2000;

/** A staff answer the borrower reads in the app; an extension's or a closing's reason, also sent by SMS. */
export const COMPLAINT_ANSWER_MAX = 2000;
export const COMPLAINT_REASON_MAX = 300;

/** The photo's limit, below the upload limit (5 MiB) so a too-large photo gets the photo's own error. */
export const COMPLAINT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
