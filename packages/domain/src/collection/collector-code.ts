/**
 * The code a collector is known by to the borrower (OJK: a collector identifies themselves; lending-rules.md), never
 * their name: "PG-" and the first six characters of their staff id, upper case. The same code appears in the back
 * office beside each contact, so a borrower quoting it reaches the person.
 */
export function collectorCode(staffId: string): string {
  return `PG-${staffId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 6)
    .toUpperCase()}`;
}
