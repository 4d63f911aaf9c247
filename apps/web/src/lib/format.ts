// Amounts are shown the Indonesian way whatever the UI language (spec section 9): Rp 3.000.000.
const rupiah = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** 30000000 -> "Rp 30.000.000". Amounts are integer rupiah. */
export function formatRupiah(amount: number): string {
  return `Rp ${rupiah.format(amount)}`;
}

/** A plain id-ID number: 1234567 -> "1.234.567". */
export function formatNumber(value: number): string {
  return rupiah.format(value);
}

/**
 * A decimal percent string from the API ("0.1", exact, never a float) the Indonesian way: "0,1%".
 * Anything that is not a plain decimal is shown as given.
 */
export function formatPercent(decimal: string): string {
  return /^\d+(\.\d+)?$/.test(decimal) ? `${decimal.replace('.', ',')}%` : `${decimal}%`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Display date DD/MM/YYYY (spec section 9). Accepts a Date or an ISO string; invalid input gives ''. */
export function formatDate(value: Date | string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}
