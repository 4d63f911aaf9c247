/**
 * A product checked against the caps over its whole offer, not only on its first day: the cap table is dated, so a
 * product that passes today may break a row that comes into force later (SEOJK's yearly steps). The caps change only
 * on the days a row starts or the day after one ends, so checking the product's first day and each of those days
 * inside its validity covers every day it may be offered.
 *
 * The rule the back office applies (issue 25, products and caps): a product version that would break any row in force
 * on any of those days is refused, naming the day and the rule; to publish it anyway it must carry an end date
 * (`validTo`) before the day the stricter row starts.
 */
import type { Bilingual } from '../i18n/locale.ts';
import { formatPercent, parsePercent } from '../money/rate.ts';
import { addDays, compareDates, type BusinessDate } from './business-date.ts';
import type { LoanProduct } from './product.ts';
import { CAP_TABLE, type CapOptions, type CapRow } from './regulatory-caps.ts';
import { checkProduct, type CapViolation } from './regulatory-check.ts';

/** The days in `[from, to]` on which the cap table may change, `from` first, in order. */
export function capChangeDates(
  from: BusinessDate,
  to: BusinessDate | undefined,
  table: readonly CapRow[] = CAP_TABLE,
): BusinessDate[] {
  const days = new Set<BusinessDate>([from]);
  for (const row of table) {
    for (const day of [row.from, row.to ? addDays(row.to, 1) : undefined]) {
      if (day && compareDates(day, from) > 0 && (!to || compareDates(day, to) <= 0)) days.add(day);
    }
  }
  return [...days].sort(compareDates);
}

/** One day's check of a product over its offer. */
export interface DatedCapCheck {
  readonly date: BusinessDate;
  readonly ok: boolean;
  readonly violations: readonly CapViolation[];
}

/** A product's verdict over its whole offer: every day the caps change, and whether all pass. */
export interface CapSchedule {
  readonly ok: boolean;
  readonly checks: readonly DatedCapCheck[];
  /** The first day a violation appears, or null. */
  readonly firstFailure: DatedCapCheck | null;
}

/** Checks `product` on its first day and on every later day the caps change while it is valid. */
export function checkProductSchedule(product: LoanProduct, options: CapOptions = {}): CapSchedule {
  const checks = capChangeDates(product.validFrom, product.validTo, options.table).map((date) => {
    const check = checkProduct(product, date, options);
    return { date, ok: check.ok, violations: check.violations };
  });
  const firstFailure = checks.find((c) => !c.ok) ?? null;
  return { ok: firstFailure === null, checks, firstFailure };
}

/** Whether one cap row, alone, allows the product on the days they overlap; null when the row does not concern it. */
export function rowAllows(
  product: LoanProduct,
  row: CapRow,
): { ok: boolean; violations: CapViolation[] } | null {
  if (row.purpose !== product.purpose) return null;
  const start = compareDates(row.from, product.validFrom) > 0 ? row.from : product.validFrom;
  const rowEnd = row.to;
  const productEnd = product.validTo;
  if (rowEnd && compareDates(start, rowEnd) > 0) return null;
  if (productEnd && compareDates(start, productEnd) > 0) return null;
  const check = checkProduct(product, start, { table: [row] });
  // With the row alone, the product's tenors it does not cover answer `no-cap-in-force`: not this row's concern.
  const violations = check.violations.filter((v) => v.code !== 'no-cap-in-force');
  const outside = check.violations.length - violations.length;
  if (outside === product.tenors.length) return null;
  return { ok: violations.length === 0, violations };
}

const RULE_TEXT: Record<CapViolation['code'], Bilingual> = {
  'economic-benefit-over-cap': {
    'en-US': 'the daily economic benefit (interest and fees)',
    'id-ID': 'manfaat ekonomi harian (bunga dan biaya)',
  },
  'late-fee-over-cap': { 'en-US': 'the daily late fee', 'id-ID': 'denda keterlambatan harian' },
  'total-cost-over-ceiling': {
    'en-US': 'the economic benefit over the loan, of principal',
    'id-ID': 'manfaat ekonomi selama pinjaman, terhadap pokok',
  },
  'no-cap-in-force': { 'en-US': '', 'id-ID': '' },
};

function tenorText(v: CapViolation, locale: keyof Bilingual): string {
  const { unit, length, instalments } = v.tenor;
  if (locale === 'id-ID') {
    const base = `${length} ${unit === 'day' ? 'hari' : 'bulan'}`;
    return instalments > 1 ? `${base} dalam ${instalments} cicilan` : base;
  }
  const base = `${length} ${unit}${length === 1 ? '' : 's'}`;
  return instalments > 1 ? `${base} in ${instalments} instalments` : base;
}

const COLUMN: Record<Exclude<CapViolation['code'], 'no-cap-in-force'>, keyof CapRow> = {
  'economic-benefit-over-cap': 'dailyEconomicBenefit',
  'late-fee-over-cap': 'dailyLateFee',
  'total-cost-over-ceiling': 'totalCostOfPrincipal',
};

/**
 * The rule a violation breaks: of the rows in force, those whose figure is the limit (the strictest binds; a lenient
 * row in force beside it is not the rule that refuses).
 */
export function bindingRows(v: CapViolation, table: readonly CapRow[] = CAP_TABLE): string[] {
  if (v.code === 'no-cap-in-force') return [];
  const column = COLUMN[v.code];
  const binding = v.rows.filter((r) => {
    const row = table.find((t) => t.id === r.id);
    return row && formatPercent(parsePercent(row[column] as string)) === v.limit;
  });
  return (binding.length > 0 ? binding : v.rows).map((r) => r.id);
}

/** A violation on `date` in both languages, naming the rule (the binding cap rows' ids), the figure and the limit. */
export function capViolationText(
  v: CapViolation,
  date: BusinessDate,
  table: readonly CapRow[] = CAP_TABLE,
): Bilingual {
  const rows = bindingRows(v, table).join(', ');
  if (v.code === 'no-cap-in-force') {
    return {
      'en-US': `From ${date} no cap row covers a loan of ${tenorText(v, 'en-US')}: refused rather than priced against the wrong row`,
      'id-ID': `Mulai ${date} tidak ada baris batas yang mencakup pinjaman ${tenorText(v, 'id-ID')}: ditolak agar tidak dihitung dengan baris yang salah`,
    };
  }
  return {
    'en-US': `From ${date}, ${RULE_TEXT[v.code]['en-US']} for ${tenorText(v, 'en-US')} is ${v.actual} %, above the cap of ${v.limit} % (${rows})`,
    'id-ID': `Mulai ${date}, ${RULE_TEXT[v.code]['id-ID']} untuk ${tenorText(v, 'id-ID')} adalah ${v.actual} %, di atas batas ${v.limit} % (${rows})`,
  };
}
