import { sql } from 'drizzle-orm';
import type { AppConfig } from '@kaskita/domain/contract/config';
import { defaultProducts } from '@kaskita/domain/pricing/default-products';
import type { Db } from './client.ts';
import { appConfig } from '../modules/config/config-schema.ts';
import { loanProducts } from '../modules/loans/loans-schema.ts';

/**
 * Configuration for a fresh database: believable values for the fictional lender PT KasKita Teknologi Indonesia.
 * The OJK registration number and links are configuration: operations replace them with the licensed lender's own.
 * The platform figures are not here: they are computed from the loan book (modules/reporting). Inserted with ON CONFLICT DO NOTHING, so a value edited in the database is never overwritten by a
 * restart (and a key added by a later version is filled in).
 */
export const DEFAULT_APP_CONFIG = {
  support_phone: '1500-827',
  support_email: 'cs@kaskita.co.id',
  support_hours: 'Senin-Minggu 08:00-20:00 WIB',
  // A placeholder of the right shape until operations set the real number (app_config row support_whatsapp).
  support_whatsapp: '+6281115008270',
  // No native app is published: a store link would name an app id that does not exist.
  app_download_ios: null,
  app_download_android: null,
  ojk_licence_text: 'Berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK)',
  company_legal_name: 'PT KasKita Teknologi Indonesia',
  company_address:
    'Menara Sentraya Lt. 19, Jl. Iskandarsyah Raya No. 1A, Kebayoran Baru, Jakarta Selatan 12160, Indonesia',
  ojk_registration_number: 'KEP-47/D.05/2024',
  complaint_email: 'pengaduan@kaskita.co.id',
  dpo_email: 'dpo@kaskita.co.id',
  partner_links: {
    sepulsa: 'https://www.sepulsa.com/kaskita',
    indonetwork: 'https://www.indonetwork.co.id/kaskita',
    kitamapan: 'https://kitamapan.id/kaskita',
    doku: 'https://www.doku.com/kaskita',
    'doku-wallet': 'https://www.doku.com/wallet/kaskita',
    alana: 'https://alana.id/kaskita',
  },
  // Operations name the lender's own web hosts (app_config row iframe_hosts); until then nothing is embedded.
  iframe_hosts: [],
} satisfies Omit<AppConfig, 'platform_figures'>;

export async function seedDatabase(db: Db, now: Date): Promise<void> {
  await db
    .insert(appConfig)
    .values(
      Object.entries(DEFAULT_APP_CONFIG).map(([key, value]) => ({
        key,
        // An unset value is JSON null (the column holds JSON and is never SQL NULL).
        value: value === null ? sql`'null'::jsonb` : value,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();

  // The loan engine's products (packages/domain/src/pricing), stored as the JSON it defines; the engine re-parses them.
  // The code owns these rows: each start refreshes them, so a database made by an earlier version never keeps a product
  // in a shape the engine no longer reads. Each is its product's version 0: the back office changes a product by
  // publishing versions (loan_product_versions), and the first one to start ends the seeded row's offer.
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
