import { SESSION_KEYS } from '../../lib/storage-keys.ts';
import { session } from '../../lib/storage.ts';
import type { AgreementParams } from './api/get-loan-agreement.ts';

/**
 * The idempotency token of one plan's order: made once, kept in session storage under the plan's parameters, so a
 * retry after a dropped answer, a double tap or a reload sends the same token and the server answers the same order.
 * Forgotten once the order is made: borrowing the same plan again later (after cancelling) is a new order.
 */
const keyOf = (p: AgreementParams) =>
  `${SESSION_KEYS.orderToken}:${p.pid}:${p.money}:${p.period}:${p.purpose_id}` as const;

// Storage can be unavailable (private mode): the token then lives as long as the page.
const inMemory = new Map<string, string>();

function newToken(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost): the same v4 layout from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function orderTokenFor(params: AgreementParams): string {
  const key = keyOf(params);
  const kept = session.get(key) ?? inMemory.get(key);
  if (kept) return kept;
  const token = newToken();
  session.set(key, token);
  inMemory.set(key, token);
  return token;
}

export function forgetOrderToken(params: AgreementParams): void {
  const key = keyOf(params);
  session.remove(key);
  inMemory.delete(key);
}
