import { track } from './analytics.ts';

/** Reports a client error (chunk load failures, render crashes) to the console and the tag manager. */
export function reportError(kind: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[${kind}]`, error);
  track('H5_client_error', { kind, message });
}
