import type { Permission } from '../staff/permissions.ts';

// What an endpoint is, and the helpers both apps need to call one. Apart from the tables (borrower-endpoints.ts,
// admin-endpoints.ts) so the web's first paint carries neither the back office's table nor anything it does not use.

export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** Under the /api prefix; `:name` is a path parameter. */
  readonly path: string;
  /** Needs a signed-in borrower's token (4047 otherwise). */
  readonly auth: boolean;
  /**
   * A GET that changes state (the spec's GET /v2/sms_code sends an SMS), guarded against cross-site requests like a
   * POST. Every other GET only reads.
   */
  readonly changesState?: true;
  /**
   * A back-office call and the staff session it needs: `password` a session signed in with a password whose second
   * factor may still be to come (enrolling and checking it), `two_factors` one whose second factor was checked (even
   * with a one-time password: changing it), `verified` one whose second factor was checked and whose member chose their
   * password, a permission such a session whose role holds it. Refused otherwise, whatever else the token is.
   */
  readonly staff?: StaffAccess;
}

export type StaffAccess = 'password' | 'two_factors' | 'verified' | Permission;

/** The API's mount point: the server registers every call under it and the web app prefixes it. */
export const API_PREFIX = '/api';

/** A path with its `:name` parameters filled in (URL-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} is missing for ${path}`);
    return encodeURIComponent(value);
  });
}
