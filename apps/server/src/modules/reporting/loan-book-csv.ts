import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { LoanBookRow } from '@kaskita/domain/contract/admin-book';

/** The export's columns, in order: the list's, with the borrower masked the same way. */
const COLUMNS: ReadonlyArray<keyof LoanBookRow> = [
  'id',
  'state',
  'product_id',
  'amount',
  'amount_received',
  'period',
  'created_at',
  'disbursed_on',
  'borrower_name',
  'borrower_phone',
  'dpd',
  'dpd_bucket',
  'principal_outstanding',
  'next_due_date',
];

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: such text gets a
 * leading apostrophe (OWASP's advice on CSV injection). Numbers are written as they are.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The rows as CSV text, streamed as they are read (csv-stringify quotes fields holding commas, quotes or line breaks,
 * RFC 4180). A UTF-8 byte-order mark first, so spreadsheet programs read the text as UTF-8.
 */
export function loanBookCsv(rows: AsyncIterable<LoanBookRow>): Readable {
  const csv = stringify({
    header: true,
    bom: true,
    columns: COLUMNS.map((key) => ({ key })),
    cast: { string: neutraliseFormula },
  });
  // A failed read ends the download with an error instead of a file that looks complete.
  return pipeline(Readable.from(rows), csv, () => {});
}
