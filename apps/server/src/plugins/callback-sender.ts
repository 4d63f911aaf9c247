import type { Env } from '../env.ts';
import type { CallbackSender } from '../providers/disbursement/sandbox-disbursement-provider.ts';

/**
 * How the sandbox bank's callbacks reach us: an HTTP POST to DISBURSEMENT_SANDBOX_CALLBACK_URL when set, else this
 * app's own inject (routing, raw body, verification and the inbox alike; only the socket is skipped).
 */
export function callbackSender(
  env: Env,
  inject: (request: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: string;
  }) => Promise<{
    statusCode: number;
  }>,
): CallbackSender {
  const base = env.DISBURSEMENT_SANDBOX_CALLBACK_URL?.replace(/\/+$/, '');
  if (!base)
    return ({ path, headers, body }) => inject({ method: 'POST', url: path, headers, payload: body });
  return async ({ path, headers, body }) => {
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { statusCode: answer.status };
  };
}
