import { ApiError } from '../../lib/api-client.ts';

/** A refused call the page shows in its banner: the server's message and its code (which may send to Help). */
export type ReliefRefusal = { message: string; code: number };

/** The refusal in a call's error; null for a lost connection (the api client toasted it) or a cancelled PIN sheet. */
export const refusalOf = (e: unknown): ReliefRefusal | null =>
  e instanceof ApiError && e.kind === 'server' ? { message: e.message, code: e.code } : null;
