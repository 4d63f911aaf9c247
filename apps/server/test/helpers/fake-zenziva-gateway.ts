import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendAnswer, serveLocally, withheld } from './fake-http-server.ts';

/**
 * A local stand-in for Zenziva's documented "reguler" API (https://www.zenziva.id/dokumentasi/), for tests:
 * POST /reguler/api/sendsms/ and /wareguler/api/sendWA/ with the fields userkey, passkey, to, message, answering
 * {"messageId","to","status":"1","text":"Success"} or a refusal {"status":"0","text":...}. Tests can script the next
 * answers (a 500, a 429, a request that never answers, a dropped connection) and read every request received.
 */
export interface GatewayRequest {
  method: string;
  path: string;
  contentType: string;
  fields: Record<string, string>;
}

export type GatewayBehaviour =
  | { answer: unknown; status?: number; headers?: Record<string, string> }
  /** Never answers: the client's timeout must fire. */
  | 'hang'
  /** Closes the connection without an answer. */
  | 'drop';

export interface GatewayKeys {
  userkey: string;
  passkey: string;
}

export interface FakeZenzivaGateway {
  url: string;
  requests: GatewayRequest[];
  /** Messages the gateway accepted, for reading a code sent in production. */
  delivered: Array<{ channel: 'sms' | 'whatsapp'; to: string; message: string }>;
  /** Behaviours for the next requests, in order; afterwards the documented contract answers. */
  script(...behaviours: GatewayBehaviour[]): void;
  /** Forgets requests, deliveries and scripted answers not used yet. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_SMS_KEYS: GatewayKeys = { userkey: 'a1b2c3d4e5f6', passkey: '0f9e8d7c6b5a4f3e2d1c0b9a' };
export const FAKE_WA_KEYS: GatewayKeys = { userkey: 'wa1b2c3d4e5f', passkey: 'wa9e8d7c6b5a4f3e2d1c0b9a' };

const CHANNEL_OF: Record<string, 'sms' | 'whatsapp'> = {
  '/reguler/api/sendsms/': 'sms',
  '/wareguler/api/sendWA/': 'whatsapp',
};

export async function startFakeZenzivaGateway(
  keys: { sms: GatewayKeys; whatsapp: GatewayKeys } = { sms: FAKE_SMS_KEYS, whatsapp: FAKE_WA_KEYS },
): Promise<FakeZenzivaGateway> {
  const requests: GatewayRequest[] = [];
  const delivered: FakeZenzivaGateway['delivered'] = [];
  const queue: GatewayBehaviour[] = [];
  let nextId = 157365;

  const documented = (request: GatewayRequest): { status: number; answer: unknown } => {
    const channel = CHANNEL_OF[request.path];
    if (!channel || request.method !== 'POST')
      return { status: 404, answer: { status: '0', text: 'Not Found' } };
    const { userkey, passkey, to, message } = request.fields;
    if (userkey !== keys[channel].userkey || passkey !== keys[channel].passkey)
      return { status: 200, answer: { status: '0', text: 'Userkey atau Passkey Salah' } };
    if (!to || !/^(\+?62|0)8\d{8,12}$/.test(to))
      return { status: 200, answer: { status: '0', text: 'Nomor tujuan tidak valid' } };
    if (!message) return { status: 200, answer: { status: '0', text: 'Pesan tidak boleh kosong' } };
    delivered.push({ channel, to, message });
    return { status: 200, answer: { messageId: String(nextId++), to, status: '1', text: 'Success' } };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const contentType = String(req.headers['content-type'] ?? '');
    const fields = contentType.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : contentType.startsWith('application/json') && raw
        ? (JSON.parse(raw) as Record<string, string>)
        : {};
    const request = { method: req.method ?? '', path: req.url ?? '', contentType, fields };
    requests.push(request);

    const behaviour = queue.shift();
    if (withheld(behaviour, req)) return;
    const { status, answer, headers } = behaviour
      ? { status: behaviour.status ?? 200, answer: behaviour.answer, headers: behaviour.headers ?? {} }
      : { ...documented(request), headers: {} };
    sendAnswer(res, status, answer, headers);
  };

  const server = await serveLocally(handle);
  return {
    url: server.url,
    requests,
    delivered,
    script: (...behaviours) => queue.push(...behaviours),
    reset: () => {
      requests.length = 0;
      delivered.length = 0;
      queue.length = 0;
    },
    close: server.close,
  };
}
