import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import type { LandingPlatform } from './paths.ts';

/**
 * Build-time configuration of the web app. Values not in the spec are placeholders, marked so,
 * and must be replaced by real figures before launch (OJK requires real platform figures).
 */
export const env = {
  appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.1.0',
  /** The "online" flag of spec section 2: in production the test routes do not exist. */
  online: import.meta.env.VITE_APP_ONLINE === 'true',
  apiBase: API_PREFIX,
  requestTimeoutMs: 120_000,
} as const;

/** Store links (spec: "values not shown"): placeholders. */
export const downloadLinks = {
  ios: 'https://apps.apple.com/id/app/kaskita/id0000000000',
  android: 'https://play.google.com/store/apps/details?id=id.kaskita.app',
} as const;

/** Customer-service hotline: placeholder (spec: number not shown). */
export const supportPhone = '1500-000';

/**
 * Platform figures required on the landing page (regulation: funds disbursed, lenders, borrowers, TKB90).
 * PLACEHOLDER values until an API provides them.
 */
export const platformFigures = {
  fundsDisbursed: 0,
  lenders: 0,
  borrowers: 0,
  tkb90Percent: 0,
  asOf: '2025-01-01',
  placeholder: true,
} as const;

/**
 * Where each partner's 'apply now' goes (placeholders until partners send their links). Keyed by
 * LANDING_PLATFORMS: a partner added there without a link here does not compile.
 */
export const partnerLinks: Record<LandingPlatform, string> = {
  sepulsa: downloadLinks.android,
  indonetwork: downloadLinks.android,
  kitamapan: downloadLinks.android,
  doku: downloadLinks.android,
  'doku-wallet': downloadLinks.android,
  alana: downloadLinks.android,
};
