import { SESSION_KEYS } from '../../lib/storage-keys.ts';
import { session } from '../../lib/storage.ts';

/**
 * A checkout the buyer left to get a limit: the home shows the way back to it until its link expires. Kept in the tab
 * (session storage): the order's link is only good for this borrower, who claimed it on opening it signed in. This
 * file imports nothing else, so the home's first paint can ask whether there is one without loading the checkout.
 */
export type PendingCheckout = { href: string; merchant: string; expires_at: string };

export function rememberCheckout(pending: PendingCheckout): void {
  session.set(SESSION_KEYS.checkoutReturn, JSON.stringify(pending));
}

export function forgetCheckout(): void {
  session.remove(SESSION_KEYS.checkoutReturn);
}

/** The checkout to go back to, if one was left and its link has not expired. */
export function pendingCheckout(now = Date.now()): PendingCheckout | null {
  try {
    const value = JSON.parse(
      session.get(SESSION_KEYS.checkoutReturn) ?? 'null',
    ) as Partial<PendingCheckout> | null;
    if (!value || typeof value.href !== 'string' || !value.href.startsWith('/third/pay/order?')) return null;
    if (typeof value.merchant !== 'string' || typeof value.expires_at !== 'string') return null;
    if (!(Date.parse(value.expires_at) > now)) return null;
    return value as PendingCheckout;
  } catch {
    return null;
  }
}
