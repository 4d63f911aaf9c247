/** A business date 'YYYY-MM-DD' as a local Date for the picker, or null. */
export function dateFromApi(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}
