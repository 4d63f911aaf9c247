/**
 * The regulatory caps as dated configuration, each row with its source.
 *
 * Two readings of today's rules exist (lending-rules.md), chosen by a {@link CapPolicy}:
 * - `strict` (the default): every row in force for the date, purpose and tenor applies, and the STRICTEST
 *   value of each column binds. With SEOJK 19/SEOJK.06/2023's 2026 step still in force beside OJK's 2025
 *   tenor revision, consumptive loans are capped at 0.1 %/day from 1 January 2026.
 * - `by-tenor`: OJK's 2025 statement replaced the circular's consumptive steps from 2025 with caps by tenor
 *   (0.3 %/day under 6 months, 0.2 %/day from 6 months). Rows listed in a revision row's `supersedes` then
 *   stop applying while that revision row is in force for the loan.
 * A compliance officer chooses the reading (with its source) by configuration; no code changes.
 *
 * Tenor scopes: "6 months or more" includes exactly 6 months (a day tenor from 180 days); "one year" is
 * 12 months or 365 days. SEOJK 19/SEOJK.06/2023's consumptive rows cover tenors under one year; for one
 * year and over we hold no published consumptive figure, so explicit conservative rows apply the circular's
 * step of the same year (`kaskita-*-consumptive-1y`), saying so in their source. A tenor no row covers on a
 * date inside the table's era is refused, never priced against the wrong row.
 */
import { compareRatio, parsePercent, type Ratio } from '../money/rate.ts';
import { isInForce, type BusinessDate } from './business-date.ts';
import type { LoanProduct, Tenor } from './product.ts';

/** Which tenors a row covers. */
export type CapTenorScope = 'any' | 'under-6-months' | '6-months-or-more' | 'under-1-year' | '1-year-or-more';

/** How overlapping rows combine; see the module comment. */
export type CapPolicy = 'strict' | 'by-tenor';

/** One row of the cap table. Percent strings are exact; `to` is inclusive; absent `to` means open-ended. */
export interface CapRow {
  readonly id: string;
  readonly from: BusinessDate;
  readonly to?: BusinessDate;
  readonly purpose: LoanProduct['purpose'];
  readonly tenor: CapTenorScope;
  /** Interest plus every fee except late fees, stamp duty and tax, per day, percent of principal. */
  readonly dailyEconomicBenefit: string;
  /** Late fee per day, percent of the outstanding amount. */
  readonly dailyLateFee: string;
  /** Economic benefit plus late fees over the loan's life, percent of principal. */
  readonly totalCostOfPrincipal: string;
  /** Under the `by-tenor` policy, the rows this one replaces while both are in force. */
  readonly supersedes?: readonly string[];
  readonly source: string;
}

const SEOJK = 'SEOJK 19/SEOJK.06/2023';
const REVISION =
  'OJK 2025 revision of consumptive caps by tenor (reported inconsistently, see lending-rules.md)';
const CONSERVATIVE =
  'KasKita conservative reading: the circular states consumptive caps for tenors under one year only, so one year and over takes the same step';
// The industry ceiling before OJK capped the rates: AFPI's Pedoman Perilaku (code of conduct), binding on its
// members (every licensed P2P platform), capped the total daily cost at 0.8 %/day from its 2018 code and cut it to
// 0.4 %/day in late 2021; SEOJK 19/SEOJK.06/2023 replaced it from 1 Jan 2024 (lending-rules.md; AFPI statements
// of Oct 2023 confirm 0.4 %/day then in force). The exact day the 0.4 % step took effect is not in our sources, so
// the row starts with 2022, the first whole year under it; the 0.8 % era before it is not tabled.
const AFPI =
  'AFPI Pedoman Perilaku (code of conduct) for P2P lending members: interest plus fees at most 0.4 %/day (cut from 0.8 %/day in late 2021), in force until SEOJK 19/SEOJK.06/2023 took effect on 1 Jan 2024';
const SUPERSEDED_BY_REVISION = [
  'seojk-2025-consumptive',
  'seojk-2026-consumptive',
  'kaskita-2025-consumptive-1y',
  'kaskita-2026-consumptive-1y',
];

/** The cap table in force in the engine (see lending-rules.md). */
export const CAP_TABLE: readonly CapRow[] = [
  row(
    'afpi-coc-consumptive',
    '2022-01-01',
    '2023-12-31',
    'consumptive',
    'any',
    '0.4',
    `${AFPI} (late fees held to the same daily rate: KasKita conservative reading)`,
  ),
  row(
    'seojk-2024-consumptive',
    '2024-01-01',
    '2024-12-31',
    'consumptive',
    'under-1-year',
    '0.3',
    `${SEOJK}: consumptive under one year 0.3 %/day in 2024`,
  ),
  row(
    'seojk-2025-consumptive',
    '2025-01-01',
    '2025-12-31',
    'consumptive',
    'under-1-year',
    '0.2',
    `${SEOJK}: consumptive under one year 0.2 %/day in 2025`,
  ),
  row(
    'seojk-2026-consumptive',
    '2026-01-01',
    undefined,
    'consumptive',
    'under-1-year',
    '0.1',
    `${SEOJK}: consumptive under one year 0.1 %/day from 1 Jan 2026 (strict reading)`,
  ),
  row(
    'kaskita-2024-consumptive-1y',
    '2024-01-01',
    '2024-12-31',
    'consumptive',
    '1-year-or-more',
    '0.3',
    `${CONSERVATIVE} (0.3 %/day in 2024)`,
  ),
  row(
    'kaskita-2025-consumptive-1y',
    '2025-01-01',
    '2025-12-31',
    'consumptive',
    '1-year-or-more',
    '0.2',
    `${CONSERVATIVE} (0.2 %/day in 2025)`,
  ),
  row(
    'kaskita-2026-consumptive-1y',
    '2026-01-01',
    undefined,
    'consumptive',
    '1-year-or-more',
    '0.1',
    `${CONSERVATIVE} (0.1 %/day from 2026)`,
  ),
  row(
    'seojk-2024-productive',
    '2024-01-01',
    '2025-12-31',
    'productive',
    'any',
    '0.1',
    `${SEOJK}: productive 0.1 %/day in 2024-2025`,
  ),
  row(
    'seojk-2026-productive',
    '2026-01-01',
    undefined,
    'productive',
    'any',
    '0.067',
    `${SEOJK}: productive 0.067 %/day from 2026`,
  ),
  {
    ...row(
      'ojk-2025-consumptive-short',
      '2025-01-01',
      undefined,
      'consumptive',
      'under-6-months',
      '0.3',
      `${REVISION}: 0.3 %/day under 6 months`,
    ),
    supersedes: SUPERSEDED_BY_REVISION,
  },
  {
    ...row(
      'ojk-2025-consumptive-long',
      '2025-01-01',
      undefined,
      'consumptive',
      '6-months-or-more',
      '0.2',
      `${REVISION}: 0.2 %/day for 6 months or more`,
    ),
    supersedes: SUPERSEDED_BY_REVISION,
  },
];

function row(
  id: string,
  from: BusinessDate,
  to: BusinessDate | undefined,
  purpose: CapRow['purpose'],
  tenor: CapTenorScope,
  daily: string,
  source: string,
): CapRow {
  return {
    id,
    from,
    ...(to ? { to } : {}),
    purpose,
    tenor,
    dailyEconomicBenefit: daily,
    dailyLateFee: daily,
    totalCostOfPrincipal: '100',
    source: `${source}; late fees at the same daily rate; economic benefit plus late fees at most 100 % of principal`,
  };
}

/** Which table and reading a cap check uses. */
export interface CapOptions {
  readonly table?: readonly CapRow[];
  readonly policy?: CapPolicy;
}

/** The caps binding on one loan: the strictest of the rows that apply. */
export interface CapsInForce {
  readonly dailyEconomicBenefit: Ratio;
  readonly dailyLateFee: Ratio;
  readonly totalCostOfPrincipal: Ratio;
  /** Every row that applied (the binding one and any laxer ones), for audit and display. */
  readonly rows: readonly CapRow[];
}

/** True when the tenor counts as 6 months or more for the cap table. */
export function isLongTenor(tenor: Pick<Tenor, 'unit' | 'length'>): boolean {
  return tenor.unit === 'month' ? tenor.length >= 6 : tenor.length >= 180;
}

/** True when the tenor counts as one year or more for the cap table. */
export function isYearOrMore(tenor: Pick<Tenor, 'unit' | 'length'>): boolean {
  return tenor.unit === 'month' ? tenor.length >= 12 : tenor.length >= 365;
}

function covers(scope: CapTenorScope, tenor: Pick<Tenor, 'unit' | 'length'>): boolean {
  switch (scope) {
    case 'any':
      return true;
    case 'under-6-months':
      return !isLongTenor(tenor);
    case '6-months-or-more':
      return isLongTenor(tenor);
    case 'under-1-year':
      return !isYearOrMore(tenor);
    case '1-year-or-more':
      return isYearOrMore(tenor);
  }
}

/**
 * The caps in force on `date` for a loan of this purpose and tenor under the chosen policy, or `null` when no
 * row applies (see {@link isCapEra} for whether that means "not regulated yet" or "refuse").
 */
export function capsInForce(
  date: BusinessDate,
  purpose: LoanProduct['purpose'],
  tenor: Pick<Tenor, 'unit' | 'length'>,
  options: CapOptions = {},
): CapsInForce | null {
  const { table = CAP_TABLE, policy = 'strict' } = options;
  const inForce = table.filter((r) => r.purpose === purpose && isInForce(r, date) && covers(r.tenor, tenor));
  const superseded = new Set(policy === 'by-tenor' ? inForce.flatMap((r) => r.supersedes ?? []) : []);
  const rows = inForce.filter((r) => !superseded.has(r.id));
  if (rows.length === 0) return null;
  const strictest = (pick: (r: CapRow) => string): Ratio =>
    rows.map((r) => parsePercent(pick(r))).reduce((a, b) => (compareRatio(a, b) <= 0 ? a : b));
  return {
    dailyEconomicBenefit: strictest((r) => r.dailyEconomicBenefit),
    dailyLateFee: strictest((r) => r.dailyLateFee),
    totalCostOfPrincipal: strictest((r) => r.totalCostOfPrincipal),
    rows,
  };
}

/**
 * True when `date` falls inside the table's era for `purpose` (on or after its first row): a loan no row
 * covers then is refused; before the era (consumptive before 2022, productive before 2024) no cap is tabled.
 */
export function isCapEra(
  date: BusinessDate,
  purpose: LoanProduct['purpose'],
  options: CapOptions = {},
): boolean {
  return (options.table ?? CAP_TABLE).some((r) => r.purpose === purpose && r.from <= date);
}

/** A dated affordability rule: repayments in any month at most a share of income. */
export interface AffordabilityRow {
  readonly from: BusinessDate;
  readonly to?: BusinessDate;
  /** Principal plus economic benefit due in one month, percent of monthly income. */
  readonly maxShareOfIncome: string;
  /** Minimum documented average monthly income of a new borrower, if any. */
  readonly minMonthlyIncomeNewBorrower?: number;
  readonly source: string;
}

/** The affordability table (lending-rules.md). */
export const AFFORDABILITY_TABLE: readonly AffordabilityRow[] = [
  {
    from: '2025-01-01',
    to: '2025-12-31',
    maxShareOfIncome: '40',
    source: 'OJK consumptive P2P: repayments ≤ 40 % of income in 2025',
  },
  {
    from: '2026-01-01',
    to: '2026-12-31',
    maxShareOfIncome: '30',
    source: 'OJK consumptive P2P: repayments ≤ 30 % of income from 2026',
  },
  {
    from: '2027-01-01',
    maxShareOfIncome: '30',
    minMonthlyIncomeNewBorrower: 3_000_000,
    source:
      'OJK consumptive P2P: 30 % of income; new borrowers need an average income ≥ Rp3,000,000 from 2027',
  },
];

/** The affordability row in force on `date`, or `null`. */
export function affordabilityInForce(
  date: BusinessDate,
  table: readonly AffordabilityRow[] = AFFORDABILITY_TABLE,
): AffordabilityRow | null {
  return table.find((r) => isInForce(r, date)) ?? null;
}
