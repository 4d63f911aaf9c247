/**
 * The versions of the documents a borrower accepts at login (terms of use and privacy policy). Zod-free and tiny, so
 * the web's first paint and the server can both import it. A version is the date the text took effect: change the
 * document's text, change its version here, and the next login records the new acceptance.
 */
export const TERMS_VERSION = '2026-11-23';
// 2026-11-26: section 5 says what a deleted account leaves and for how long, section 8 the Me > My data menu.
export const PRIVACY_VERSION = '2026-11-26';

/** The form fields the login and reset-password calls carry, naming what the borrower accepted. */
export const CONSENT_VERSIONS = {
  terms_version: TERMS_VERSION,
  privacy_version: PRIVACY_VERSION,
} as const;
export type ConsentVersions = { terms_version: string; privacy_version: string };

/** The text the borrower agrees to on the contacts step: we may call these two people to confirm who they are. */
export const EMERGENCY_CONTACT_CONSENT_VERSION = '2026-11-24';
