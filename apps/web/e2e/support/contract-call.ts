import { ENDPOINT, type CallId } from '@kaskita/domain/contract/endpoints';
import { apiPath } from './api-path.ts';

export interface ContractCallOptions {
  token?: string;
  body?: object;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * A call of the contract made as the apps and dev tools make it (the method from the contract, a JSON body on a POST):
 * answers `data`, or throws with the envelope's code and message unless it says 200.
 */
export async function contractCall<T>(
  baseUrl: string,
  id: CallId,
  options: ContractCallOptions = {},
): Promise<T> {
  const { method } = ENDPOINT[id];
  const res = await fetch(baseUrl + apiPath(id, options), {
    method,
    headers: {
      os: '4',
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw Object.assign(new Error(`${id}: ${answer.code} ${answer.msg}`), answer);
  return answer.data;
}
