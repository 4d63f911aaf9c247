import { z } from 'zod';
import { SESSION_KEYS } from '../../lib/storage-keys.ts';
import { session } from '../../lib/storage.ts';

/** What the borrowing form holds: a product, an amount, a tenor and a purpose (null before one is chosen). */
export type BorrowChoice = { pid: string; money: number; period: string; purpose: number | null };

const choiceSchema = z.object({
  pid: z.string().max(64),
  money: z.number().int().positive(),
  period: z.string().max(32),
  purpose: z.number().int().positive().nullable(),
});

/**
 * The form's choice in session storage (the tab's own, gone with it): amounts and codes, never personal data. A
 * stored choice is only a wish: the form keeps it only where the products still offer it.
 */
export function storedBorrowChoice(): BorrowChoice | null {
  const text = session.get(SESSION_KEYS.borrowChoice);
  if (!text) return null;
  try {
    const parsed = choiceSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
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
