import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultProducts } from '@kaskita/domain/pricing/default-products';
import { loanProducts } from '../../src/db/schema.ts';
import { call, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('seeded configuration', () => {
  it('answers the app config on GET and POST /api/v1/config', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { body } = await call<Record<string, string>>(t.app, { method, url: '/api/v1/config' });
      expect(body.code).toBe(200);
      expect(Object.keys(body.data).sort()).toEqual([
        'app_download_android',
        'app_download_ios',
        'ojk_licence_text',
        'support_email',
        'support_hours',
        'support_phone',
      ]);
    }
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
});
