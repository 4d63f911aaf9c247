import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { clearSession } from '../../../lib/auth-session.ts';

// The Me page has no form, so no zod of its own: the (empty) answer's schema is loaded with the request.
const logoutCall = lazyCall('logout', () => import('@kaskita/domain/contract/auth').then((m) => m.authCalls));

/**
 * Ends the session on the server, then forgets it locally whatever the answer: a borrower who taps
 * "log out" on a flaky connection must still end up logged out on this phone.
 * Forgetting the session also drops every cached answer (lib/query-client.ts).
 */
export async function logout(): Promise<void> {
  try {
    await callApi(logoutCall, undefined, { toast: false });
  } catch {
    // ignored on purpose, see above
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
