import type { Bilingual } from '../i18n/locale.ts';
import type { Tenor } from './product.ts';

/**
 * A tenor as one short string, the `period` of plan_v2 and the loan order: `month-3-3` is 3 months in 3
 * instalments, `day-14-1` is 14 days in one. Unambiguous where the spec's bare number was not (3 months in 1 or in 3).
 */
export function tenorKey(t: Tenor): string {
  return `${t.unit}-${t.length}-${t.instalments}`;
}

const KEY = /^(day|month)-(\d{1,3})-(\d)$/;

/** The tenor a key names, or null when it is not a key (the product decides whether it offers it). */
export function parseTenorKey(key: string): Tenor | null {
  const match = KEY.exec(key.trim());
  if (!match) return null;
  return { unit: match[1] as Tenor['unit'], length: Number(match[2]), instalments: Number(match[3]) };
}

/** "3 bulan (3x cicilan)" / "3 months (3 instalments)", "14 hari" / "14 days". */
export function tenorLabel(t: Tenor): Bilingual {
  const id = `${t.length} ${t.unit === 'day' ? 'hari' : 'bulan'}`;
  const en = `${t.length} ${t.unit === 'day' ? 'day' : 'month'}${t.length === 1 ? '' : 's'}`;
  if (t.instalments === 1) return { 'id-ID': id, 'en-US': en };
  return { 'id-ID': `${id} (${t.instalments}x cicilan)`, 'en-US': `${en} (${t.instalments} instalments)` };
}
