import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';

/** An amount as borrowers read it: "Rp 1.093.000". */
export const rp = (n: Rupiah) => formatRupiah(n);

/** A long number in groups of four ("8808 1234 5678 9012"), easier to type into an ATM; the copy stays unspaced. */
export function groupDigits(value: string): string {
  return /^\d{9,}$/.test(value) ? value.replace(/(\d{4})(?=\d)/g, '$1 ') : value;
}
