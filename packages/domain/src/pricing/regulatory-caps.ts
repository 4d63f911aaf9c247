/**
 * The regulatory caps as dated configuration, each row with its source.
 *
 * Reading rule: when several rows are in force for the same date, purpose and tenor, the STRICTEST value
 * of each column applies. The sources disagree on whether OJK's 2025 tenor-based revision (0.3 %/day under
 * 6 months, 0.2 %/day for 6 months or more) replaced the 2026 step of SEOJK 19/SEOJK.06/2023 (0.1 %/day);
 * keeping both rows and taking the minimum gives the strict reading (0.1 %/day for consumptive loans from
 * 1 January 2026). To adopt the lenient reading, end the SEOJK 2026 row; no code changes.
 * "6 months or more" includes exactly 6 months; a day tenor counts as 6 months from 180 days.
 */
import { parsePercent, type RateUnits } from '../money/rate.ts';
import { isInForce, type BusinessDate } from './business-date.ts';
import type { LoanProduct, Tenor } from './product.ts';

/** Which tenors a row covers. */
export type CapTenorScope = 'any' | 'under-6-months' | '6-months-or-more';

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
  readonly source: string;
}

const SEOJK = 'SEOJK 19/SEOJK.06/2023';
const REVISION =
  'OJK 2025 revision of consumptive caps by tenor (reported inconsistently, see lending-rules.md)';

/** The cap table in force in the engine (see lending-rules.md). */
export const CAP_TABLE: readonly CapRow[] = [
  row(
    'seojk-2024-consumptive',
    '2024-01-01',
    '2024-12-31',
    'consumptive',
    'any',
    '0.3',
    `${SEOJK}: consumptive 0.3 %/day in 2024`,
  ),
  row(
    'seojk-2025-consumptive',
    '2025-01-01',
    '2025-12-31',
    'consumptive',
    'any',
    '0.2',
    `${SEOJK}: consumptive 0.2 %/day in 2025`,
  ),
  row(
    'seojk-2026-consumptive',
    '2026-01-01',
    undefined,
    'consumptive',
    'any',
    '0.1',
    `${SEOJK}: consumptive 0.1 %/day from 1 Jan 2026 (strict reading)`,
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
  row(
    'ojk-2025-consumptive-short',
    '2025-01-01',
    undefined,
    'consumptive',
    'under-6-months',
    '0.3',
    `${REVISION}: 0.3 %/day under 6 months`,
  ),
  row(
    'ojk-2025-consumptive-long',
    '2025-01-01',
    undefined,
    'consumptive',
    '6-months-or-more',
    '0.2',
    `${REVISION}: 0.2 %/day for 6 months or more`,
  ),
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

/** The caps binding on one loan: the strictest of every row in force. */
export interface CapsInForce {
  readonly dailyEconomicBenefit: RateUnits;
  readonly dailyLateFee: RateUnits;
  readonly totalCostOfPrincipal: RateUnits;
  /** Every row that applied (the binding one and any laxer ones), for audit and display. */
  readonly rows: readonly CapRow[];
}

/** True when the tenor counts as 6 months or more for the cap table. */
export function isLongTenor(tenor: Pick<Tenor, 'unit' | 'length'>): boolean {
  return tenor.unit === 'month' ? tenor.length >= 6 : tenor.length >= 180;
}

/**
 * The caps in force on `date` for a loan of this purpose and tenor, or `null` when no row is in force
 * (before 2024: the engine then enforces nothing but the caller should treat it as a warning).
 */
export function capsInForce(
  date: BusinessDate,
  purpose: LoanProduct['purpose'],
  tenor: Pick<Tenor, 'unit' | 'length'>,
  table: readonly CapRow[] = CAP_TABLE,
): CapsInForce | null {
  const long = isLongTenor(tenor);
  const rows = table.filter(
    (r) =>
      r.purpose === purpose &&
      isInForce(r, date) &&
      (r.tenor === 'any' || (r.tenor === '6-months-or-more') === long),
  );
  if (rows.length === 0) return null;
  const strictest = (pick: (r: CapRow) => string): RateUnits =>
    Math.min(...rows.map((r) => parsePercent(pick(r))));
  return {
    dailyEconomicBenefit: strictest((r) => r.dailyEconomicBenefit),
    dailyLateFee: strictest((r) => r.dailyLateFee),
    totalCostOfPrincipal: strictest((r) => r.totalCostOfPrincipal),
    rows,
  };
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
