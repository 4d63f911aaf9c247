import { SESSION_KEYS } from '../../lib/storage-keys.ts';
import { session } from '../../lib/storage.ts';

/**
 * The auditing countdown's end, kept in session storage (spec: "audit countdown"): a reload continues it instead of
 * starting again. The server's countdown wins whenever the page asks for it.
 */
export function startAuditCountdown(seconds: number, now = Date.now()): void {
  session.set(SESSION_KEYS.auditCountdownEndsAt, String(now + seconds * 1000));
}

/** Seconds left of a stored countdown, or null when none is stored. */
export function auditSecondsLeft(now = Date.now()): number | null {
  const endsAt = Number(session.get(SESSION_KEYS.auditCountdownEndsAt) ?? NaN);
  if (!Number.isFinite(endsAt)) return null;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export function clearAuditCountdown(): void {
  session.remove(SESSION_KEYS.auditCountdownEndsAt);
}
