import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db } from './client.ts';
import { appConfig, loanProducts } from './schema.ts';

/**
 * Demo configuration for a fresh database. Placeholders: operations replace them with the real hotline and store links.
 * Inserted with ON CONFLICT DO NOTHING, so a value edited in the database is never overwritten by a restart.
 */
export const DEFAULT_APP_CONFIG: Record<string, unknown> = {
  support_phone: '+62 21 0000 0000',
  support_email: 'support@example.invalid',
  support_hours: '08:00-20:00 WIB',
  app_download_ios: 'https://apps.apple.com/app/id0000000000',
  app_download_android: 'https://play.google.com/store/apps/details?id=id.kaskita.placeholder',
  ojk_licence_text: 'Berizin dan diawasi oleh Otoritas Jasa Keuangan (OJK)',
};

const DEFAULT_PRODUCTS_MODULE = fileURLToPath(
  new URL('../../../../packages/domain/src/pricing/default-products.ts', import.meta.url),
);

export async function seedDatabase(db: Db, now: Date): Promise<void> {
  await db
    .insert(appConfig)
    .values(Object.entries(DEFAULT_APP_CONFIG).map(([key, value]) => ({ key, value, updatedAt: now })))
    .onConflictDoNothing();

  const products = await loadDefaultProducts();
  if (products.length > 0) {
    await db
      .insert(loanProducts)
      .values(products.map((p, i) => ({ id: p.id, data: p, sort: i, updatedAt: now })))
      .onConflictDoNothing();
  }
}

/**
 * The pricing engine (packages/domain/src/pricing, another team's work in progress) may export its default products;
 * we seed them as JSON when it does, and nothing otherwise.
 */
async function loadDefaultProducts(): Promise<Array<{ id: string } & Record<string, unknown>>> {
  if (!existsSync(DEFAULT_PRODUCTS_MODULE)) return [];
  const mod = (await import(pathToFileURL(DEFAULT_PRODUCTS_MODULE).href)) as Record<string, unknown>;
  const candidate = mod.DEFAULT_PRODUCTS ?? mod.defaultProducts ?? mod.default;
  if (!Array.isArray(candidate)) return [];
  return candidate
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
    .map((p, i) => ({ ...toJson(p), id: String(p.id ?? p.code ?? `product-${i + 1}`) }));
}

/** Round-trips through JSON so bigint/Date values in the domain objects become plain JSON. */
function toJson(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Record<
    string,
    unknown
  >;
}
