import type { LocalKey, SessionKey } from './storage-keys.ts';

// Storage throws in some private modes and when full; a borrower must never see a crash for that,
// so every access is guarded and a failure reads as "nothing stored".
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: LocalKey): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: LocalKey, value: string): void => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: LocalKey): void => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: SessionKey | `${SessionKey}:${string}`): string | null =>
    safe(() => window.sessionStorage.getItem(key), null),
  set: (key: SessionKey | `${SessionKey}:${string}`, value: string): void =>
    safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: SessionKey | `${SessionKey}:${string}`): void =>
    safe(() => window.sessionStorage.removeItem(key), undefined),
};
