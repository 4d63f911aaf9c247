import type { TokenPair } from '@kaskita/domain/contract/auth';
import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

const sessionListeners = new Set<() => void>();

/**
 * Calls `listener` whenever the session changes hands: a login, a bare /index token, a logout or a lost session
 * (not a refresh, which keeps the same session). The query cache listens, so one user's answers never show
 * to the next. Returns the unsubscribe function.
 */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => void sessionListeners.delete(listener);
}

const sessionChanged = () => sessionListeners.forEach((l) => l());

/** The stored access token, or null when signed out. */
export function getToken(): string | null {
  return local.get(LOCAL_KEYS.token) || null;
}

export function getRefreshToken(): string | null {
  return local.get(LOCAL_KEYS.refreshToken) || null;
}

/** True when the access token is known to be past its expiry (with a small margin for slow networks). */
export function tokenExpired(now = Date.now()): boolean {
  const at = Number(local.get(LOCAL_KEYS.tokenExpiresAt));
  return Number.isFinite(at) && at > 0 && now >= at - 30_000;
}

/** Stores a refreshed token pair: the same session goes on, so cached answers stay. */
export function renewTokens(pair: TokenPair, now = Date.now()): void {
  local.set(LOCAL_KEYS.token, pair.token);
  local.set(LOCAL_KEYS.refreshToken, pair.refresh_token);
  local.set(LOCAL_KEYS.tokenExpiresAt, String(now + pair.expires_in * 1000));
}

/** Stores the token pair of a new session (login, reset password). */
export function saveTokens(pair: TokenPair, now = Date.now()): void {
  renewTokens(pair, now);
  sessionChanged();
}

/**
 * A bare token from the /index query (a partner app hands it over); its expiry is unknown. A different token is
 * another session, perhaps another user: the stored refresh token belongs to the previous one and is dropped,
 * so a 4047 on the new token ends in the login page instead of silently refreshing into the previous user.
 */
export function saveBareToken(token: string): void {
  if (token === getToken()) return;
  local.set(LOCAL_KEYS.token, token);
  local.remove(LOCAL_KEYS.refreshToken);
  local.remove(LOCAL_KEYS.tokenExpiresAt);
  sessionChanged();
}

/** Forgets the session (logout, or the api client losing it). */
export function clearSession(): void {
  local.remove(LOCAL_KEYS.token);
  local.remove(LOCAL_KEYS.refreshToken);
  local.remove(LOCAL_KEYS.tokenExpiresAt);
  sessionChanged();
}

export function getChannel(): string | null {
  return local.get(LOCAL_KEYS.channel) || null;
}
