import { MY_DATA_SECTION_KEYS, type MyDataExport } from '@kaskita/domain/contract/my-data';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, rupiah } from '@kaskita/domain/money/rupiah';
import type { PdfSection, PdfText } from '../../pdf/text-pdf-layout.ts';
import {
  BOOLEAN_WORDS,
  FIELD_LABELS,
  MONEY_FIELDS,
  MONTH_FIELDS,
  OPTION_FIELDS,
  PDF_WORDS,
  SECTION_TITLES,
} from './my-data-labels.ts';

/** A field's label in the locale; a key without one reads as its words ("zip_code" -> "zip code"). */
export function fieldLabel(key: string, locale: Locale): string {
  return FIELD_LABELS[key]?.[locale] ?? key.replaceAll('_', ' ');
}

/** Structures shown as they are stored (compact JSON): a loan's plan, what a payment paid, a draft's values. */
const BLOB_FIELDS: ReadonlySet<string> = new Set(['plan', 'paid', 'values']);

function scalar(key: string, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') {
    const words = BOOLEAN_WORDS[key];
    return (value ? (words?.yes ?? PDF_WORDS.yes) : (words?.no ?? PDF_WORDS.no))[locale];
  }
  if (typeof value === 'number' && MONTH_FIELDS.has(key))
    return locale === 'id-ID' ? `${value} bulan` : `${value} ${value === 1 ? 'month' : 'months'}`;
  if (typeof value === 'number') {
    const option = OPTION_FIELDS[key]?.[value];
    if (option) return `${option[locale]} (${value})`;
    if (MONEY_FIELDS.has(key) && Number.isSafeInteger(value)) return formatRupiah(rupiah(value));
    return String(value);
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && !value.some(isRecord))
    return value.map((v) => scalar(key, v, locale)).join(', ') || '-';
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isListOfRecords = (v: unknown): v is Record<string, unknown>[] => Array.isArray(v) && v.some(isRecord);
/** Laid out as a section of its own rather than on one line. */
const isNested = (key: string, v: unknown) => isRecord(v) && !BLOB_FIELDS.has(key);

/** One item of a list inside an item on one line: "Due date: 2026-04-02; Principal: Rp666.667; ...". */
function inline(record: Record<string, unknown>, locale: Locale): string {
  return Object.entries(record)
    .map(([k, v]) => `${fieldLabel(k, locale)}: ${scalar(k, v, locale)}`)
    .join('; ');
}

/** The sections of one value: its own lines, then a section per nested object; a list is a section per item. */
function sectionsOf(title: string, value: unknown, locale: Locale): PdfSection[] {
  const none = PDF_WORDS.none[locale];
  if (value === null || value === undefined) return [{ heading: title, paragraphs: [none] }];
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ heading: title, paragraphs: [none] }];
    return value.flatMap((item, i) =>
      isRecord(item)
        ? sectionsOf(`${title} ${i + 1}`, item, locale)
        : [{ heading: `${title} ${i + 1}`, paragraphs: [scalar('', item, locale)] }],
    );
  }
  if (!isRecord(value)) return [{ heading: title, paragraphs: [scalar('', value, locale)] }];
  const paragraphs: string[] = [];
  const nested: PdfSection[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (isNested(k, v)) nested.push(...sectionsOf(`${title} - ${fieldLabel(k, locale)}`, v, locale));
    else if (isListOfRecords(v)) {
      // Short lists inside an item (a loan's bills, the emergency contacts) read best as one line per entry.
      paragraphs.push(`${fieldLabel(k, locale)}:`);
      v.forEach((x, i) =>
        paragraphs.push(`${i + 1}. ${isRecord(x) ? inline(x, locale) : scalar(k, x, locale)}`),
      );
    } else paragraphs.push(`${fieldLabel(k, locale)}: ${scalar(k, v, locale)}`);
  }
  return paragraphs.length > 0 || nested.length === 0 ? [{ heading: title, paragraphs }, ...nested] : nested;
}

/** The readable copy as text: one part per section of the export, in the contract's order, in the locale. */
export function myDataText(data: MyDataExport, locale: Locale): PdfText {
  const sections = data.sections as Record<string, unknown>;
  return {
    title: PDF_WORDS.title[locale],
    subtitle: PDF_WORDS.subtitle[locale]
      .replace('{{at}}', data.generated_at)
      .replace('{{uid}}', data.sections.account.uid),
    sections: MY_DATA_SECTION_KEYS.flatMap((key) =>
      key in sections ? sectionsOf(SECTION_TITLES[key][locale], sections[key], locale) : [],
    ),
  };
}

/** The PDF of the export in the borrower's language. */
export async function renderMyDataPdf(data: MyDataExport, locale: Locale): Promise<Uint8Array> {
  const { doc, layout } = await (await import('../../pdf/text-pdf-layout.ts')).newTextPdf();
  layout.document(myDataText(data, locale));
  layout.footers(PDF_WORDS.footer[locale]);
  doc.setTitle(PDF_WORDS.title[locale]);
  doc.setCreator('KasKita');
  doc.setProducer('KasKita personal data');
  doc.setLanguage(locale);
  const at = new Date(data.generated_at);
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  return doc.save({ useObjectStreams: false });
}
