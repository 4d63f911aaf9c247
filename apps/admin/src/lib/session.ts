/**
 * The staff session's token: in memory, mirrored in sessionStorage so a reload keeps it but a closed tab (or another
 * tab) does not. Never localStorage: a back-office token must not outlive the window it was typed into.
 */
const KEY = 'kaskita.admin.session';

/** Where the sign-in stands: which step is due, and whether the password is the administrator's one-time one. */
export interface StaffSessionState {
  token: string;
  /** `ready`: the second factor is checked and the password is the member's own. */
  stage: 'enrol_totp' | 'verify_totp' | 'change_password' | 'ready';
  passwordChangeRequired: boolean;
}

let current: StaffSessionState | null = read();
const listeners = new Set<() => void>();

function read(): StaffSessionState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StaffSessionState) : null;
  } catch {
    return null;
  }
}

export function getSession(): StaffSessionState | null {
  return current;
}

export function setSession(next: StaffSessionState | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode quota): the session still lives in memory for this page.
  }
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: the shell re-renders when the session changes or ends. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
