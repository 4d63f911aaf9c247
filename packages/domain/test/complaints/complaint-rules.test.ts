import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_ACTIONS,
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_STATUS_LABELS,
  COMPLAINT_STATUSES,
  complaintStep,
  type ComplaintAction,
  type ComplaintStatus,
} from '../../src/complaints/complaint-rules.ts';
import { SUPPORT_CATEGORY_BY_CODE } from '../../src/complaints/support-topics.ts';
import { complaintFormSchema } from '../../src/contract/complaints.ts';
import { ERRORS } from '../../src/i18n/error-codes.ts';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages.ts';

const TODAY = '2026-03-10';
const DUE = '2026-03-16';
const step = (status: ComplaintStatus, action: ComplaintAction, extended = false, today = TODAY) =>
  complaintStep({ status, extended, answerBy: DUE }, action, today);

describe('the life of a complaint', () => {
  it.each<[ComplaintStatus, ComplaintAction, ComplaintStatus | string]>([
    ['open', 'start', 'in_progress'],
    ['in_progress', 'start', 'not_allowed'],
    ['answered', 'start', 'not_allowed'],
    ['open', 'answer', 'answered'],
    ['in_progress', 'answer', 'answered'],
    // A correction or more detail after the first answer.
    ['answered', 'answer', 'answered'],
    ['closed', 'answer', 'not_allowed'],
    ['open', 'extend', 'in_progress'],
    ['in_progress', 'extend', 'in_progress'],
    ['answered', 'extend', 'not_allowed'],
    ['closed', 'extend', 'not_allowed'],
    // Never closed unanswered.
    ['open', 'close', 'not_allowed'],
    ['in_progress', 'close', 'not_allowed'],
    ['answered', 'close', 'closed'],
    ['closed', 'close', 'not_allowed'],
  ])('%s, %s: %s', (status, action, expected) => {
    const result = step(status, action);
    expect(result.ok ? result.status : result.refusal).toBe(expected);
  });

  it('extends once, and only before the deadline has passed', () => {
    expect(step('in_progress', 'extend', true)).toEqual({ ok: false, refusal: 'already_extended' });
    expect(step('open', 'extend', false, DUE)).toEqual({ ok: true, status: 'in_progress' });
    expect(step('open', 'extend', false, '2026-03-17')).toEqual({ ok: false, refusal: 'extension_too_late' });
  });

  it('leaves nothing unhandled: every status and action has an answer', () => {
    for (const status of COMPLAINT_STATUSES)
      for (const action of COMPLAINT_ACTIONS) expect(step(status, action)).toHaveProperty('ok');
  });

  it('names every category and status in both languages', () => {
    for (const c of COMPLAINT_CATEGORIES) {
      expect(COMPLAINT_CATEGORY_LABELS[c]['id-ID']).not.toBe('');
      expect(COMPLAINT_CATEGORY_LABELS[c]['en-US']).not.toBe('');
    }
    for (const s of COMPLAINT_STATUSES) expect(COMPLAINT_STATUS_LABELS[s]['id-ID']).not.toBe('');
  });
});

describe('the complaint form', () => {
  it('reads a form as posted: blank ids are none, the text trimmed', () => {
    expect(
      complaintFormSchema.parse({ category: 'payment', text: '  My payment is missing  ', order_id: ' ' }),
    ).toEqual({ category: 'payment', text: 'My payment is missing', order_id: undefined });
  });

  it('says what is wrong with each field with a message in both languages', () => {
    const issues = (input: object) =>
      Object.fromEntries(
        (complaintFormSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path[0], i.message]),
      );
    expect(issues({})).toEqual({
      category: 'complaint.category_required',
      text: 'complaint.text_required',
    });
    expect(issues({ category: 'weather', text: 'short' })).toEqual({
      category: 'complaint.category_required',
      text: 'complaint.text_too_short',
    });
    expect(issues({ category: 'other', text: 'x'.repeat(2001) })).toEqual({
      text: 'complaint.text_too_long',
    });
    expect(issues({ category: 'other', text: 'long enough text', order_id: 'o'.repeat(65) })).toEqual({
      order_id: 'complaint.order_unknown',
    });
    for (const key of Object.keys(VALIDATION_MESSAGES).filter((k) => k.startsWith('complaint.')))
      expect(VALIDATION_MESSAGES[key as keyof typeof VALIDATION_MESSAGES]['id-ID']).not.toBe('');
  });
});

describe('contact customer service', () => {
  it('opens Me > Help on a category for every refusal that sends the borrower there', () => {
    for (const [code, category] of Object.entries(SUPPORT_CATEGORY_BY_CODE)) {
      const error = Object.values(ERRORS).find((e) => e.code === Number(code));
      expect(error?.msg['en-US'], String(code)).toMatch(/customer service/);
      expect(COMPLAINT_CATEGORIES).toContain(category);
    }
    const told = Object.values(ERRORS).filter((e) => /customer service/.test(e.msg['en-US']));
    expect(told.map((e) => e.code).sort()).toEqual(Object.keys(SUPPORT_CATEGORY_BY_CODE).map(Number).sort());
  });
});
