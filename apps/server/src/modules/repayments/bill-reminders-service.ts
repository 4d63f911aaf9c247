import { z } from 'zod';
import { contactZonesOf, mayContactIn } from '@kaskita/domain/collection/collection-contact';
import { withinContactHours } from '@kaskita/domain/collection/contact-window';
import type { HolidayCalendar } from '@kaskita/domain/collection/holidays';
import { overdueNoticeFor, reminderFor, type BillReminder } from '@kaskita/domain/collection/reminders';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatSpokenDate } from '@kaskita/domain/i18n/spoken-date';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { DataCipher } from '../../security/data-cipher.ts';
import type { LoanBookService } from '../loans/loan-book-service.ts';
import { openPhone } from '../user/user-phone-schema.ts';
import { openWhatsappPhone } from '../verification/whatsapp-phone-schema.ts';

/** Every hour: a message held back by the contact hours goes out at the first run inside them. */
export const BILL_REMINDERS = jobType({
  name: 'repayments.bill-reminders',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  expireInSeconds: 3600,
});
export const BILL_REMINDERS_CRON = '0 * * * *';

/** Days late on which an overdue notice goes: the first day, then spaced out (never a daily barrage). */
const NOTICE_DAYS = new Set([1, 3, 7, 14, 21, 30]);

const REMINDER: Record<Locale, Record<BillReminder, (amount: string, due: string) => string>> = {
  'id-ID': {
    'due-in-3-days': (a, d) =>
      `KasKita: tagihan Anda ${a} jatuh tempo ${d} (3 hari lagi). Bayar lewat aplikasi: VA atau minimarket.`,
    'due-in-1-day': (a, d) =>
      `KasKita: tagihan Anda ${a} jatuh tempo besok, ${d}. Bayar lewat aplikasi agar tidak terkena denda.`,
    'due-today': (a) =>
      `KasKita: tagihan Anda ${a} jatuh tempo HARI INI. Bayar lewat aplikasi agar tidak terkena denda.`,
  },
  'en-US': {
    'due-in-3-days': (a, d) =>
      `KasKita: your bill of ${a} is due on ${d} (in 3 days). Pay in the app by VA or at a store.`,
    'due-in-1-day': (a, d) =>
      `KasKita: your bill of ${a} is due tomorrow, ${d}. Pay in the app to avoid a late fee.`,
    'due-today': (a) => `KasKita: your bill of ${a} is due TODAY. Pay in the app to avoid a late fee.`,
  },
};

const OVERDUE: Record<Locale, (amount: string, days: number) => string> = {
  'id-ID': (a, n) =>
    `KasKita: tagihan Anda ${a} terlambat ${n} hari. Mohon segera bayar lewat aplikasi. Butuh keringanan? Hubungi layanan pelanggan kami.`,
  'en-US': (a, n) =>
    `KasKita: your bill of ${a} is ${n} days late. Please pay in the app. Need help? Contact our customer service.`,
};

export interface ReminderReport {
  reminders: number;
  notices: number;
}

/**
 * Reminders before a bill is due (3 days, 1 day, the day itself) between 08:00 and 20:00, and overdue notices only when
 * collection may contact the borrower (Monday-Saturday, 08:00-20:00, not on a national holiday; lending-rules.md), on a
 * few spaced days, and none while a promise to pay is pending. The hours are the borrower's own (their phone's zone,
 * else their province's, else all three of Indonesia's at once). Each message has an idempotency key per bill and kind, so the hourly runs send it once.
 */
type UnpaidBill = Awaited<ReturnType<LoanBookService['unpaidBills']>>[number];

export class BillRemindersService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      loans: LoanBookService;
      outbox: OutboxService;
      cipher: DataCipher;
      holidays: HolidayCalendar;
      /** Loans whose latest promise to pay is dated `date` or later (collections): no overdue notice for them. */
      promises: { promisedThrough(db: Db, date: string, now: Date): Promise<Set<string>> };
    },
  ) {}

  async run(): Promise<ReminderReport> {
    const now = this.deps.clock.now();
    const report: ReminderReport = { reminders: 0, notices: 0 };
    const today = businessDateAt(now);
    const bills = await this.deps.loans.unpaidBills(this.deps.db);
    // A borrower who promised to pay by a date hears no dunning before it; the day after, if unpaid, notices resume.
    const promised = await this.deps.promises.promisedThrough(this.deps.db, today, now);
    await this.deps.db.transaction(async (tx) => {
      for (const bill of bills) {
        // Each borrower's own clock: a run at 07:00 WIB is 09:00 in Jayapura, and a borrower there hears from us.
        const zones = contactZonesOf(bill.province, bill.timeZone);
        const serviceHours = zones.every((zone) => withinContactHours(now, zone));
        const collection = mayContactIn(now, zones, this.deps.holidays);
        const locale = (bill.locale in OVERDUE ? bill.locale : 'id-ID') as Locale;
        const amount = formatRupiah(bill.outstanding);
        const reminder = serviceHours ? reminderFor(bill.dueDate, today) : null;
        const late = collection && !promised.has(bill.loanId) ? overdueNoticeFor(bill.dueDate, today) : null;
        if (reminder) {
          await this.deps.outbox.enqueue(tx, {
            ...this.destinationOf(bill),
            // The due date written out in the borrower's language, never the database's 2026-04-02.
            body: REMINDER[locale][reminder](amount, formatSpokenDate(bill.dueDate, locale)),
            // With the due date: relief moves it, and the new date's reminders are new messages.
            idempotencyKey: `bill-reminder:${bill.loanId}:${bill.number}:${bill.dueDate}:${reminder}`,
            deliver: true,
          });
          report.reminders += 1;
        } else if (late !== null && NOTICE_DAYS.has(late)) {
          await this.deps.outbox.enqueue(tx, {
            ...this.destinationOf(bill),
            body: OVERDUE[locale](amount, late),
            idempotencyKey: `overdue-notice:${bill.loanId}:${bill.number}:${bill.dueDate}:${late}`,
            deliver: true,
          });
          report.notices += 1;
        }
      }
    });
    this.deps.outbox.wake();
    return report;
  }

  /** The borrower's choice (contract/verification.ts): the confirmed WhatsApp number, else SMS to their phone. */
  private destinationOf(bill: UnpaidBill) {
    const { cipher } = this.deps;
    const whatsapp = openWhatsappPhone(cipher, bill.userId, bill.whatsappEnc);
    return whatsapp
      ? { channel: 'whatsapp' as const, recipient: whatsapp }
      : { channel: 'sms' as const, recipient: openPhone(cipher, bill.userId, bill.phoneEnc) };
  }
}
