import { describe, expect, it } from 'vitest';
import { addWorkingDays, DEFAULT_HOLIDAY_CALENDAR, weekday } from '../../src/collection/holidays.ts';
import { paymentClaimFormSchema } from '../../src/contract/payment-claims.ts';
import { ERRORS } from '../../src/i18n/error-codes.ts';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages.ts';
import { formatAmount } from '../../src/money/rupiah.ts';
import {
  paidAtProblem,
  PAYMENT_CLAIM_MAX_AGE_DAYS,
  PAYMENT_CLAIM_MAX_AMOUNT,
  PAYMENT_CLAIM_MIN_AMOUNT,
  PAYMENT_CLAIMS_PER_DAY,
} from '../../src/payments/payment-claims.ts';

const now = new Date('2026-03-02T03:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('payment claims: when a payment can be claimed', () => {
  it('takes the last 30 days up to a few minutes of clock difference ahead', () => {
    expect(paidAtProblem(now, now)).toBeNull();
    expect(paidAtProblem(minutes(9), now)).toBeNull();
    expect(paidAtProblem(minutes(11), now)).toBe('payment_claim.paid_at_future');
    expect(paidAtProblem(minutes(-PAYMENT_CLAIM_MAX_AGE_DAYS * 1440 + 1), now)).toBeNull();
    expect(paidAtProblem(minutes(-PAYMENT_CLAIM_MAX_AGE_DAYS * 1440 - 1), now)).toBe(
      'payment_claim.paid_at_old',
    );
  });

  it('reads a form as posted: a typed amount, a date-time with offset, a blank reference', () => {
    const parsed = paymentClaimFormSchema.parse({
      channel_id: 'VA_BCA',
      paid_at: '2026-03-02T09:15:00+07:00',
      amount: '1.093.000',
      reference: '  ',
    });
    expect(parsed).toEqual({
      channel_id: 'VA_BCA',
      paid_at: new Date('2026-03-02T02:15:00Z'),
      amount: 1_093_000,
      reference: undefined,
    });
    const refused = paymentClaimFormSchema.safeParse({ channel_id: 'VA_XYZ', paid_at: '', amount: '5' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['channel_id', 'payment_claim.channel_required'],
      ['paid_at', 'payment_claim.paid_at_required'],
      ['amount', 'payment_claim.amount_range'],
    ]);
  });

  it('says the limits its messages quote', () => {
    expect(VALIDATION_MESSAGES['payment_claim.paid_at_old']['en-US']).toContain(
      `${PAYMENT_CLAIM_MAX_AGE_DAYS} days`,
    );
    const range = VALIDATION_MESSAGES['payment_claim.amount_range']['id-ID'];
    expect(range).toContain(formatAmount(PAYMENT_CLAIM_MIN_AMOUNT));
    expect(range).toContain(formatAmount(PAYMENT_CLAIM_MAX_AMOUNT));
    expect(ERRORS.PAYMENT_CLAIM_LIMIT.msg['en-US']).toContain(`${PAYMENT_CLAIMS_PER_DAY} payments`);
  });
});

describe('working days', () => {
  it('skips weekends and national holidays', () => {
    expect(weekday('2026-03-06')).toBe(5);
    // Friday + 3 working days: Wednesday.
    expect(addWorkingDays('2026-03-06', 3, DEFAULT_HOLIDAY_CALENDAR)).toBe('2026-03-11');
    // Nyepi (Thursday 19 March) and Idulfitri (a weekend) fall inside: Monday the 23rd.
    expect(addWorkingDays('2026-03-17', 3, DEFAULT_HOLIDAY_CALENDAR)).toBe('2026-03-23');
    // Filed on a Sunday: counting starts Monday.
    expect(addWorkingDays('2026-03-01', 1, DEFAULT_HOLIDAY_CALENDAR)).toBe('2026-03-02');
  });
});
