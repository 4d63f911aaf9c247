import { paths } from '../config/paths.ts';

/**
 * Reads a phone into its normalised 62... form, or null: @kaskita/domain/validation/phone's normalisePhone.
 * Passed in because that module brings zod (~24 kB gzip) and this decision is in the entry chunk; it is called
 * only when the query carries a phone.
 */
export type NormalisePhone = (raw: string) => string | null;

/** Whether the /index query carries a phone, i.e. whether indexEntry will need the phone rules. */
export function entryHasPhone(search: string): boolean {
  return Boolean(new URLSearchParams(search).get('phone')?.trim());
}

/** What /index reads from the store before deciding. */
export type IndexEntryState = {
  token: string | null;
  loginPhone: string | null;
  promotePlatform: string | null;
  promoteAgency: string | null;
};

/** What /index writes and where it goes. Writes with `undefined` leave the stored value alone. */
export type IndexEntryResult = {
  token?: string;
  channel?: string;
  /** The whole query, as JSON. */
  query: string;
  promotePlatform: string;
  promoteAgency: string;
  loginPhone?: string;
  redirectTo: string;
};

/**
 * Spec section 2, /index: authorization -> token store; store cl, the whole query, promote_platform and
 * promote_agency (each defaulting to the stored value, else 0), and take the phone.
 * Logged in: /home, unless a phone differing from the stored login phone is given -> login.
 * Not logged in: store the phone, /home. Any error: login.
 */
export function indexEntry(
  search: string,
  state: IndexEntryState,
  normalisePhone: NormalisePhone,
): IndexEntryResult | { error: true; redirectTo: string } {
  try {
    const q = new URLSearchParams(search);
    const query = JSON.stringify(Object.fromEntries(q.entries()));
    const authorization = q.get('authorization') || undefined;
    const channel = q.get('cl') ?? undefined;
    const promotePlatform = q.get('promote_platform') || state.promotePlatform || '0';
    const promoteAgency = q.get('promote_agency') || state.promoteAgency || '0';
    const rawPhone = q.get('phone')?.trim() || undefined;
    // A phone we cannot read is ignored rather than fatal: the borrower can still type it on the login page.
    const phone = rawPhone ? (normalisePhone(rawPhone) ?? undefined) : undefined;
    const token = authorization ?? state.token ?? null;
    const base = { token: authorization, channel, query, promotePlatform, promoteAgency };
    if (token) {
      const storedPhone =
        phone && state.loginPhone ? (normalisePhone(state.loginPhone) ?? state.loginPhone) : null;
      if (phone && phone !== storedPhone) {
        // The new phone is stored only once its owner logs in; the login page gets it pre-filled.
        return { ...base, redirectTo: paths.login.href({ phone }) };
      }
      return { ...base, redirectTo: paths.home.path };
    }
    return { ...base, loginPhone: phone, redirectTo: paths.home.path };
  } catch {
    return { error: true, redirectTo: paths.login.path };
  }
}
