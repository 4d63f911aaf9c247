import { randomUUID } from 'node:crypto';
import type { AppDownloadSent } from '@kaskita/domain/contract/commerce';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { Attempt, Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';

/**
 * Anyone may have the link sent to any phone, so these stop it being used to flood a phone with SMS (or to spend
 * ours): a phone gets one in 10 minutes and 3 a day whoever asks, and an address may ask 10 times an hour, refused
 * requests included (one cycling through phones is still counted).
 */
export const APP_DOWNLOAD_LIMITS = {
  perPhone: { bucket: 'app_download_phone', max: 1, windowSeconds: 600 },
  perPhonePerDay: { bucket: 'app_download_phone_day', max: 3, windowSeconds: 86_400 },
  perIp: { bucket: 'app_download_ip', max: 10, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** The app's store pages; null (or blank) where no app is published. */
export interface StoreLinks {
  android: string | null;
  ios: string | null;
}

export interface AppDownloadDependencies {
  db: Db;
  limiter: RateLimiter;
  outbox: Pick<OutboxService, 'enqueue' | 'wake'>;
  /** Read at each request: operations change them in the app configuration. */
  storeLinks(): Promise<StoreLinks>;
}

const TEXT: Record<Locale, (links: string) => string> = {
  'id-ID': (links) =>
    `KasKita: unduh aplikasi KasKita untuk bayar nanti dan pinjaman tunai. ${links} Abaikan pesan ini jika Anda tidak memintanya.`,
  'en-US': (links) =>
    `KasKita: download the KasKita app for pay-later and cash loans. ${links} Ignore this message if you did not ask for it.`,
};

/**
 * GET /v1/commerce/app_download_url (the pay/download page, not signed in): the app's store links by SMS, through the
 * outbox like every message, in the caller's language.
 */
export class AppDownloadService {
  constructor(private readonly deps: AppDownloadDependencies) {}

  async send(phone: string, client: { ip: string; locale: Locale }): Promise<AppDownloadSent> {
    const { android, ios } = await this.deps.storeLinks();
    const links = [
      android?.trim() ? `Android: ${android.trim()}` : null,
      ios?.trim() ? `iOS: ${ios.trim()}` : null,
    ].filter((l) => l !== null);
    // Before any count: nothing would be sent, and the page says so rather than "wait 10 minutes".
    if (links.length === 0) throw new AppError('APP_DOWNLOAD_UNAVAILABLE');
    await this.deps.limiter.attempt(APP_DOWNLOAD_LIMITS.perIp, client.ip);
    await this.countForPhone(phone);
    await this.deps.db.transaction((tx) =>
      this.deps.outbox.enqueue(tx, {
        channel: 'sms',
        recipient: phone,
        body: TEXT[client.locale](links.join(' ')),
        idempotencyKey: `app-download:${randomUUID()}`,
        deliver: true,
      }),
    );
    this.deps.outbox.wake();
    return { sent: true, phone_masked: maskPhone(phone) };
  }

  /** Both of the phone's limits or neither: a request the day's limit refuses does not also start a 10-minute wait. */
  private async countForPhone(phone: string): Promise<void> {
    const counted: Attempt = await this.deps.limiter.attempt(APP_DOWNLOAD_LIMITS.perPhone, phone);
    try {
      await this.deps.limiter.attempt(APP_DOWNLOAD_LIMITS.perPhonePerDay, phone);
    } catch (error) {
      await counted.refund();
      throw error;
    }
  }
}
