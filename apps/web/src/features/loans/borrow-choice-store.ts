import { SESSION_KEYS } from '../../lib/storage-keys.ts';
import { session } from '../../lib/storage.ts';

/** What the borrowing form holds: a product, an amount, a tenor and a purpose (null before one is chosen). */
export type BorrowChoice = { pid: string; money: number; period: string; purpose: number | null };

const positiveWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const shortText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/**
 * A stored choice as the form wrote it, or null: read by hand, not with zod, which the borrowing form's chunk would
 * otherwise load for four fields (issue 23).
 */
function choiceFrom(value: unknown): BorrowChoice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { pid, money, period, purpose } = value as Record<string, unknown>;
  if (!shortText(pid, 64) || !positiveWhole(money) || !shortText(period, 32)) return null;
  if (purpose !== null && !positiveWhole(purpose)) return null;
  return { pid, money, period, purpose };
}

/**
 * The form's choice in session storage (the tab's own, gone with it): amounts and codes, never personal data. A
 * stored choice is only a wish: the form keeps it only where the products still offer it.
 */
export function storedBorrowChoice(): BorrowChoice | null {
  const text = session.get(SESSION_KEYS.borrowChoice);
  if (!text) return null;
  try {
    return choiceFrom(JSON.parse(text));
  } catch {
    return null;
  }
}

export function storeBorrowChoice(choice: BorrowChoice): void {
  session.set(SESSION_KEYS.borrowChoice, JSON.stringify(choice));
}

/** Once the order is made the form's work is done: a later loan starts from the products' defaults. */
export function forgetBorrowChoice(): void {
  session.remove(SESSION_KEYS.borrowChoice);
}
