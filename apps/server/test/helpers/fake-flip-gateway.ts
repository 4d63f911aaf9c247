import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Flip for Business's account inquiry (API v2), for tests:
 * POST {base}/disbursement/bank-account-inquiry with the form fields account_number and bank_code, HTTP Basic auth
 * with the secret key as user name and an empty password. Without a script it answers as Flip documents: 401 for
 * another key, 422 VALIDATION_ERROR for a missing or malformed field, SUCCESS for an account opened with
 * `openAccount`, INVALID_ACCOUNT_NUMBER otherwise (the 422s' numeric codes are made up: the provider reads only the
 * attribute). Tests script the next answers (any Flip status, a raw answer
 * such as a 500, a request that never answers, a dropped connection) and read every request received.
 */
export interface FlipRequest {
  method: string;
  path: string;
  contentType: string;
  authorization: string;
  fields: Record<string, string>;
}

export type FlipInquiryStatus =
  | 'PENDING'
  | 'SUCCESS'
  | 'INVALID_ACCOUNT_NUMBER'
  | 'SUSPECTED_ACCOUNT'
  | 'BLACK_LISTED'
  | 'FAILED'
  | 'CLOSED';

export type FlipBehaviour =
  /** Flip's answer for the requested account with this status (and this holder, else the opened account's). */
  | { inquiry: FlipInquiryStatus; holder?: string }
  /** Exactly this answer (a string is sent as HTML). */
  | { answer: unknown; status?: number; headers?: Record<string, string> }
  /** Never answers: the client's timeout must fire. */
  | 'hang'
  /** Closes the connection without an answer. */
  | 'drop';

export interface FakeFlipGateway {
  /** The base URL to configure, like `https://bigflip.id/api/v2`. */
  baseUrl: string;
  requests: FlipRequest[];
  /** An account the documented contract answers SUCCESS for. */
  openAccount(bankCode: string, accountNumber: string, holder: string): void;
  /** Behaviours for the next requests, in order; afterwards the documented contract answers. */
  script(...behaviours: FlipBehaviour[]): void;
  /** Forgets requests, accounts and scripted answers not used yet. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_FLIP_SECRET_KEY = 'JDJ5JDEzJGZha2VGbGlwU2VjcmV0S2V5MDEyMzQ1Njc4OWFiY2Rl';

export const INQUIRY_PATH = '/api/v2/disbursement/bank-account-inquiry';

export const basicAuthOf = (secretKey: string) => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

export async function startFakeFlipGateway(secretKey = FAKE_FLIP_SECRET_KEY): Promise<FakeFlipGateway> {
  const requests: FlipRequest[] = [];
  const accounts = new Map<string, string>();
  const queue: FlipBehaviour[] = [];

  const validationError = (attribute: string, code: number, message: string) => ({
    status: 422,
    answer: { code: 'VALIDATION_ERROR', errors: [{ attribute, code, message }] },
  });

  const inquiryAnswer = (request: FlipRequest, inquiry: FlipInquiryStatus, holder?: string) => {
    const { account_number: accountNumber = '', bank_code: bankCode = '' } = request.fields;
    const known = accounts.get(`${bankCode}:${accountNumber}`);
    const named = inquiry === 'SUCCESS' || inquiry === 'SUSPECTED_ACCOUNT' || inquiry === 'CLOSED';
    return {
      bank_code: bankCode,
      account_number: accountNumber,
      account_holder: named ? (holder ?? known ?? 'PEMILIK REKENING') : '',
      status: inquiry,
      inquiry_key: 'inq-fake-0001',
    };
  };

  /** What Flip answers when no test scripted otherwise, including its refusals of a bad request. */
  const documented = (request: FlipRequest): { status: number; answer: unknown } | null => {
    if (request.method !== 'POST' || request.path !== INQUIRY_PATH)
      return { status: 404, answer: { name: 'Not Found', message: 'Page not found.', code: 0, status: 404 } };
    if (request.authorization !== basicAuthOf(secretKey))
      return {
        status: 401,
        answer: {
          name: 'Unauthorized',
          message: 'You are requesting with an invalid credential.',
          code: 0,
          status: 401,
        },
      };
    const { account_number: accountNumber, bank_code: bankCode } = request.fields;
    if (!request.contentType.startsWith('application/x-www-form-urlencoded') || !bankCode)
      return validationError('bank_code', 1021, 'Bank code is required');
    if (!/^[a-z_]+$/.test(bankCode)) return validationError('bank_code', 1022, 'Bank code is not valid');
    if (!accountNumber) return validationError('account_number', 1023, 'Account number is required');
    if (!/^\d+$/.test(accountNumber))
      return validationError('account_number', 1024, 'Account number is not valid');
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const contentType = String(req.headers['content-type'] ?? '');
    const fields = contentType.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : {};
    const request: FlipRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      contentType,
      authorization: String(req.headers.authorization ?? ''),
      fields,
    };
    requests.push(request);

    const behaviour = queue.shift();
    if (behaviour === 'hang') return;
    if (behaviour === 'drop') {
      req.socket.destroy();
      return;
    }
    let status: number;
    let answer: unknown;
    let headers: Record<string, string> = {};
    if (behaviour && 'answer' in behaviour) {
      status = behaviour.status ?? 200;
      answer = behaviour.answer;
      headers = behaviour.headers ?? {};
    } else {
      // A scripted status still needs a request Flip would accept.
      const refusal = documented(request);
      if (refusal) ({ status, answer } = refusal);
      else {
        const { account_number: accountNumber, bank_code: bankCode } = request.fields;
        const opened = accounts.has(`${bankCode}:${accountNumber}`);
        status = 200;
        answer = inquiryAnswer(
          request,
          behaviour?.inquiry ?? (opened ? 'SUCCESS' : 'INVALID_ACCOUNT_NUMBER'),
          behaviour?.holder,
        );
      }
    }
    res.writeHead(status, {
      'content-type': typeof answer === 'string' ? 'text/html' : 'application/json',
      ...headers,
    });
    res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v2`,
    requests,
    openAccount: (bankCode, accountNumber, holder) => accounts.set(`${bankCode}:${accountNumber}`, holder),
    script: (...behaviours) => queue.push(...behaviours),
    reset: () => {
      requests.length = 0;
      accounts.clear();
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
