import { defaultProducts } from '@kaskita/domain/pricing/default-products';
import type { Db } from './client.ts';
import { appConfig } from '../modules/config/config-schema.ts';
import { loanProducts } from '../modules/loans/loans-schema.ts';

/**
 * Demo configuration for a fresh database. Placeholders: operations replace them with the real hotline and store links.
 * Inserted with ON CONFLICT DO NOTHING, so a value edited in the database is never overwritten by a restart.
 */
export const DEFAULT_APP_CONFIG = {
  support_phone: '+62 21 0000 0000',
  support_email: 'support@example.invalid',
  support_hours: '08:00-20:00 WIB',
  app_download_ios: 'https://apps.apple.com/app/id0000000000',
  app_download_android: 'https://play.google.com/store/apps/details?id=id.kaskita.placeholder',
  ojk_licence_text: 'Berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK)',
} as const;

export async function seedDatabase(db: Db, now: Date): Promise<void> {
  await db
    .insert(appConfig)
    .values(Object.entries(DEFAULT_APP_CONFIG).map(([key, value]) => ({ key, value, updatedAt: now })))
    .onConflictDoNothing();

  // The loan engine's products (packages/domain/src/pricing), stored as the JSON it defines; the engine re-parses them.
  // Until a back office edits products, the code owns them: each start refreshes the seeded rows, so a database made
  // by an earlier version never keeps a product in a shape the engine no longer reads.
  for (const [i, product] of defaultProducts.entries()) {
    const row = { id: product.id, data: toJson(product), sort: i, updatedAt: now };
    await db
      .insert(loanProducts)
      .values(row)
      .onConflictDoUpdate({
        target: loanProducts.id,
        set: { data: row.data, sort: row.sort, updatedAt: now },
      });
  }
}

/** Round-trips through JSON so any bigint or Date in a domain object becomes plain JSON. */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
}
