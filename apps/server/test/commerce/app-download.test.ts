import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppDownloadSent } from '@kaskita/domain/contract/commerce';
import { appConfig } from '../../src/modules/config/config-schema.ts';
import { call, newIp, newPhone, outboxCount, outboxTexts, useTestApp } from '../helpers/test-app.ts';

/** GET /v1/commerce/app_download_url: the pay/download page's SMS with the app's store links. */
const t = useTestApp();

const ANDROID = 'https://play.google.com/store/apps/details?id=id.kaskita.app';
const IOS = 'https://apps.apple.com/id/app/kaskita/id6400000000';

/** An app_config row as operations would write it (unset: JSON null, as the seed writes it). */
const setConfig = (key: string, text: string | null) => {
  const value = text === null ? sql`'null'::jsonb` : text;
  return t.database.db
    .insert(appConfig)
    .values({ key, value, updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: appConfig.key, set: { value } });
};

function askForLink(phone: string, ip = newIp(), headers: Record<string, string> = {}) {
  return call<AppDownloadSent>(t.app, {
    method: 'GET',
    url: '/api/v1/commerce/app_download_url',
    query: { phone },
    ip,
    headers,
  });
}

const texts = (phone: string) => outboxTexts(t.app, phone);

describe('the app download link by SMS', () => {
  it('sends nothing while no store link is configured (4423)', async () => {
    const phone = newPhone();
    const { res, body } = await askForLink(phone, newIp(), { lan: 'en-US' });
    expect(res.statusCode).toBe(404);
    expect(body).toMatchObject({ code: 4423, msg: 'The KasKita app cannot be downloaded yet' });
    expect((await askForLink(phone)).body.msg).toBe('Aplikasi KasKita belum dapat diunduh');
    expect(await outboxCount(t.app, phone)).toBe(0);
    // Not counted either: once a link is configured, the phone gets it at once.
    await setConfig('app_download_android', ANDROID);
    expect((await askForLink(phone)).body.code).toBe(200);
  });

  it('sends one SMS with the configured links, in the lan language, answering the phone masked', async () => {
    await setConfig('app_download_android', ANDROID);
    await setConfig('app_download_ios', IOS);
    const phone = newPhone();
    const { body } = await askForLink(`+62 ${phone.slice(1)}`);
    expect(body).toEqual({
      code: 200,
      msg: 'OK',
      data: {
        sent: true,
        phone_masked: `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`,
      },
    });
    const [id] = await texts(phone);
    expect(id).toBe(
      `KasKita: unduh aplikasi KasKita untuk bayar nanti dan pinjaman tunai. Android: ${ANDROID} iOS: ${IOS} Abaikan pesan ini jika Anda tidak memintanya.`,
    );
    const other = newPhone();
    await askForLink(other, newIp(), { lan: 'en-US' });
    expect((await texts(other))[0]).toContain(
      `download the KasKita app for pay-later and cash loans. Android: ${ANDROID}`,
    );
    // Only the published one when the other store has none (unset, or left blank).
    for (const unset of [null, ' ']) {
      await setConfig('app_download_ios', unset);
      const third = newPhone();
      expect((await askForLink(third)).body.code).toBe(200);
      expect((await texts(third))[0]).not.toContain('iOS');
    }
  });

  it('sends a phone one in 10 minutes and 3 a day, whoever asks (4029 with retry_after, nothing sent)', async () => {
    await setConfig('app_download_android', ANDROID);
    const phone = newPhone();
    expect((await askForLink(phone)).body.code).toBe(200);
    t.clock.advance(60);
    const again = await askForLink(phone);
    expect(again.res.statusCode).toBe(429);
    expect(again.body).toMatchObject({ code: 4029, data: { retry_after: 540 } });
    expect(await outboxCount(t.app, phone)).toBe(1);
    for (const _ of [2, 3]) {
      t.clock.advance(540);
      expect((await askForLink(phone)).body.code).toBe(200);
      t.clock.advance(60);
    }
    t.clock.advance(600);
    const fourth = await askForLink(phone);
    expect(fourth.body.code).toBe(4029);
    // The day's first was sent 1,860 s ago: its 24 hours end in 84,540 s.
    expect(fourth.body.data).toEqual({ retry_after: 86_400 - 1_860 });
    expect(await outboxCount(t.app, phone)).toBe(3);
  });

  it('lets an address ask 10 times an hour, whatever the phones', async () => {
    await setConfig('app_download_android', ANDROID);
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await askForLink(newPhone(), ip)).body.code).toBe(200);
    const phone = newPhone();
    const limited = await askForLink(phone, ip);
    expect(limited.body).toMatchObject({ code: 4029, data: { retry_after: 3600 } });
    expect(await outboxCount(t.app, phone)).toBe(0);
    // The phone itself was not counted: from another address it gets the link.
    expect((await askForLink(phone)).body.code).toBe(200);
  });

  it('refuses a phone that is not an Indonesian mobile number as a field error in the caller language', async () => {
    const en = await askForLink('12345', newIp(), { lan: 'en-US' });
    expect(en.res.statusCode).toBe(400);
    expect(en.body).toMatchObject({ code: 4001, data: { fields: { phone: 'phone.invalid' } } });
    expect(en.body.msg).toContain('Please enter a valid mobile number');
    const missing = await call(t.app, { method: 'GET', url: '/api/v1/commerce/app_download_url' });
    expect(missing.body).toMatchObject({ code: 4000, data: { fields: { phone: 'phone.required' } } });
  });
});
