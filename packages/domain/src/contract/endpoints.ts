import { ADMIN_ENDPOINT } from './admin-endpoints.ts';
import { BORROWER_ENDPOINT } from './borrower-endpoints.ts';

export { API_PREFIX, fillPath, type Endpoint, type StaffAccess } from './endpoint-shape.ts';

/**
 * Where each API call lives: its method, its path under /api and whether it needs a session. Each path is written once,
 * in borrower-endpoints.ts or admin-endpoints.ts; this is both tables, for the server, the contract and the tests.
 * Kept free of zod so the web app's first paint can name a call without the schema library; the schemas of each call
 * are in its module's `defineCall` (auth.ts, user.ts, ...) and `calls.ts` gathers them all.
 */
export const ENDPOINT = { ...BORROWER_ENDPOINT, ...ADMIN_ENDPOINT } as const;

export type CallId = keyof typeof ENDPOINT;
