import { useMutation } from '@tanstack/react-query';
import { apiPostForm } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-session.ts';

/**
 * POST /v1/logout, then forget the session locally whatever the answer: a borrower who taps
 * "log out" on a flaky connection must still end up logged out on this phone.
 * Forgetting the session also drops every cached answer (lib/query-client.ts).
 */
export async function logout(): Promise<void> {
  try {
    await apiPostForm('/v1/logout', {}, { toast: false });
  } catch {
    // ignored on purpose, see above
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
