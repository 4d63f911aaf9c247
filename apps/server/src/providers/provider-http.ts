/** HTTP Basic with the secret key as the user name and an empty password: how Flip and Xendit take their keys. */
export function basicAuthorization(secretKey: string): string {
  return `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
}

/** A provider's answer read as a JSON object; null for anything else (an HTML error page, an array, nothing). */
export function parseJsonObject(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export interface ProviderAnswer {
  status: number;
  body: string;
}

/**
 * No answer at all: the request may or may not have reached the provider. Only the reason is kept, never the
 * underlying error (its text may quote the address or what was sent).
 */
export class ProviderUnreachableError extends Error {
  override readonly name = 'ProviderUnreachableError';
  constructor(readonly reason: 'timeout' | 'network') {
    super(`provider unreachable: ${reason}`);
  }
}

/**
 * One POST to a provider. The timeout covers the answer's body too, so a provider that stalls mid-answer cannot hold a
 * borrower; redirects are not followed, so the key in the headers goes nowhere we did not choose.
 */
export async function postToProvider(
  url: string,
  request: { headers: Record<string, string>; body: string | URLSearchParams; timeoutMs: number },
): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ProviderUnreachableError(timedOut ? 'timeout' : 'network');
  }
}
