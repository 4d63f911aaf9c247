import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appConfigSchema, type AppConfig } from '@kaskita/domain/contract/config';
import { defaultProducts } from '@kaskita/domain/pricing/default-products';
import { MIGRATIONS_DIR } from '../../src/db/client.ts';
import { loanProducts } from '../../src/db/schema.ts';
import { call, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

/** The partner keys of /landing-page/:platform (apps/web/src/config/paths.ts). */
const LANDING_PLATFORM_KEYS = ['sepulsa', 'indonetwork', 'kitamapan', 'doku', 'doku-wallet', 'alana'];

describe('seeded configuration', () => {
  it('answers the app config on GET and POST /api/v1/config', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { body } = await call<Record<string, string>>(t.app, { method, url: '/api/v1/config' });
      expect(body.code).toBe(200);
      expect(Object.keys(body.data).sort()).toEqual([
        'app_download_android',
        'app_download_ios',
        'company_address',
        'company_legal_name',
        'complaint_email',
        'dpo_email',
        'iframe_hosts',
        'ojk_licence_text',
        'ojk_registration_number',
        'partner_links',
        'platform_figures',
        'support_email',
        'support_hours',
        'support_phone',
        'support_whatsapp',
      ]);
    }
  });

  it('seeds believable values, not zeros and placeholders, every partner linked, and no invented figures', async () => {
    const { body } = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    const c = appConfigSchema.parse(body.data);
    // Never computed on this database: no number (reporting/book-figures.test.ts shows them once computed).
    expect(c.platform_figures).toEqual({
      funds_disbursed: null,
      lenders: null,
      borrowers: null,
      tkb90_percent: null,
      as_of: null,
    });
    expect(Object.keys(c.partner_links).sort()).toEqual([...LANDING_PLATFORM_KEYS].sort());
    const all = JSON.stringify(c);
    expect(all).not.toMatch(/example\.invalid|placeholder|0000 0000|id0000000000/);
    expect(c.company_legal_name).toBe('PT KasKita Teknologi Indonesia');
  });

  it('a stored value its schema refuses falls back to the default instead of breaking the call', async () => {
    await t.database.db.execute(
      sql`insert into app_config (key, value) values ('support_phone', '12')
          on conflict (key) do update set value = excluded.value`,
    );
    const { body } = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect(body.code).toBe(200);
    expect(body.data.support_phone).toBe('1500-827');
    await t.database.db.execute(sql`update app_config set value = '"1500-999"' where key = 'support_phone'`);
    const edited = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect(edited.body.data.support_phone).toBe('1500-999');
  });

  it('platform figures typed into the configuration table are not published: only computed ones are', async () => {
    const typed = {
      funds_disbursed: 5,
      lenders: 1,
      borrowers: 2,
      tkb90_percent: '99.1',
      as_of: '2026-11-30',
    };
    await t.database.db.execute(
      sql`insert into app_config (key, value) values ('platform_figures', ${JSON.stringify(typed)}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    const { body } = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect(body.data.platform_figures.as_of).toBeNull();
    expect(body.data.platform_figures.funds_disbursed).toBeNull();
  });

  it('seeds the loan engine products once, and a restart does not overwrite edits', async () => {
    const rows = await t.database.db
      .select({ id: loanProducts.id })
      .from(loanProducts)
      .orderBy(loanProducts.sort);
    expect(rows.map((r) => r.id)).toEqual(defaultProducts.map((p) => p.id));
    await t.database.db.execute(
      sql`update app_config set value = '"+62 21 1234 5678"' where key = 'support_phone'`,
    );
    const restarted = await t.rebuild();
    const { body } = await call<{ support_phone: string }>(restarted, {
      method: 'GET',
      url: '/api/v1/config',
    });
    expect(body.data.support_phone).toBe('+62 21 1234 5678');
  });

  it('publishes no store link until a native app exists, and one set by operations as it is', async () => {
    const { body } = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect([body.data.app_download_ios, body.data.app_download_android]).toEqual([null, null]);
    const link = 'https://play.google.com/store/apps/details?id=co.kaskita.real';
    await t.database.db.execute(
      sql`update app_config set value = ${JSON.stringify(link)}::jsonb where key = 'app_download_android'`,
    );
    const set = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect([set.body.data.app_download_ios, set.body.data.app_download_android]).toEqual([null, link]);
  });

  it("the migration unsets the invented store links an earlier seed wrote, and keeps an operator's own", async () => {
    const invented = {
      app_download_ios: 'https://apps.apple.com/id/app/kaskita-pinjaman-online/id6479201135',
      app_download_android: 'https://play.google.com/store/apps/details?id=id.kaskita.app',
    };
    const own = 'https://apps.apple.com/id/app/kaskita/id1234567890';
    const set = (key: string, value: string) =>
      t.database.db.execute(
        sql`update app_config set value = ${JSON.stringify(value)}::jsonb where key = ${key}`,
      );
    await set('app_download_android', invented.app_download_android);
    await set('app_download_ios', own);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0022_unset_invented_store_links.sql'), 'utf8');
    await t.database.db.execute(sql.raw(migration));
    const { body } = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect([body.data.app_download_ios, body.data.app_download_android]).toEqual([own, null]);
    await set('app_download_ios', invented.app_download_ios);
    await t.database.db.execute(sql.raw(migration));
    const again = await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' });
    expect(again.body.data.app_download_ios).toBeNull();
  });
});
