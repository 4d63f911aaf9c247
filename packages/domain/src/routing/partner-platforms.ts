/**
 * Partner keys of /landing-page/:platform (spec section 2): any other key is a 404 on the web, and is not recorded as
 * a borrower's promote_platform at sign-up.
 */
export const LANDING_PLATFORMS = [
  'sepulsa',
  'indonetwork',
  'kitamapan',
  'doku',
  'doku-wallet',
  'alana',
] as const;
export type LandingPlatform = (typeof LANDING_PLATFORMS)[number];

export function isLandingPlatform(value: string | null | undefined): value is LandingPlatform {
  return (LANDING_PLATFORMS as readonly string[]).includes(value ?? '');
}
