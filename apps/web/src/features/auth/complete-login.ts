import type { LoginResponse } from '@kaskita/domain/contract/auth';
import { track } from '../../lib/analytics.ts';
import { saveTokens } from '../../lib/auth-session.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';

/**
 * After any call that answers a session (login, reset password): store it (which drops the previous visitor's
 * cached answers) and report a registration.
 */
export function completeLogin(res: LoginResponse): void {
  saveTokens(res);
  local.set(LOCAL_KEYS.loginPhone, res.phone);
  // Spent: a friend's code attributes only the phone it registered, never another account signing in here later.
  local.remove(LOCAL_KEYS.referralCode);
  if (res.is_new) track('H5_complete_registration');
}
