/**
 * A borrower's name as staff without `pii.reveal` see it: the first letter of each word, the rest starred
 * ("Budi Santoso" -> "B*** S******"), enough to tell two rows apart on a call, not to identify anyone.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const [first = '', ...rest] = [...word];
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}
