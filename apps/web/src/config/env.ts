import { API_PREFIX } from '@kaskita/domain/contract/endpoint-shape';

/** Build-time configuration of the web app. Values not in the spec are placeholders, marked so. */
export const env = {
  appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.1.0',
  /** The "online" flag of spec section 2: in production the test routes do not exist. */
  online: import.meta.env.VITE_APP_ONLINE === 'true',
  apiBase: API_PREFIX,
  requestTimeoutMs: 120_000,
} as const;

// Store links, the support hotline and partner links are configuration from the server, and the platform figures are
// counted there from the loan book (GET /v1/config, lib/app-config.ts): never build-time constants.
