/** Reports a client error (chunk load failures, render crashes) to the console and the tag manager. */
export function reportError(kind: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[${kind}]`, error);
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: 'H5_client_error', kind, message });
  } catch {
    // reporting must never throw
  }
}
