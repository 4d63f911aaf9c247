import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendAnswer, serveLocally, withheld } from './fake-http-server.ts';

/**
 * A local stand-in for Flip for Business's account inquiry (API v2) and disbursement (API v3), for tests:
 * POST {base}/disbursement/bank-account-inquiry with the form fields account_number and bank_code, HTTP Basic auth
 * with the secret key as user name and an empty password. Without a script it answers as Flip documents: 401 for
 * another key, 422 VALIDATION_ERROR for a missing or malformed field, SUCCESS for an account opened with
 * `openAccount`, INVALID_ACCOUNT_NUMBER otherwise (the 422s' numeric codes are made up: the provider reads only the
 * attribute). Tests script the next answers (any Flip status, a raw answer
 * such as a 500, a request that never answers, a dropped connection) and read every request received.
 *
 * Disbursement: POST {base without /v2}/v3/disbursement, form fields account_number, bank_code, amount and remark,
 * the `idempotency-key` header required. It answers Flip's disbursement object as PENDING with a new id, and the
 * same object again for a key it has seen (Flip's idempotent request), so `disbursements` holds one per key. Refusals
 * follow Flip's 422 VALIDATION_ERROR with its documented inner codes (1020 not numeric, 1021 under Rp10.000, 1024 too
 * long, 1033 bank code, 2003 not clean). `callbackBody` builds the form Flip posts to our callback URL.
 */
export interface FlipRequest {
  method: string;
  path: string;
  contentType: string;
  authorization: string;
  /** The `idempotency-key` header ('' when absent). */
  idempotencyKey: string;
  /** The `x-timestamp` header ('' when absent). */
  timestamp: string;
  fields: Record<string, string>;
}

/** A disbursement as Flip keeps it (its disbursement object, the fields we use). */
export interface FlipDisbursement {
  id: number;
  user_id: number;
  amount: number;
  status: 'PENDING' | 'DONE' | 'CANCELLED';
  reason: string;
  timestamp: string;
  bank_code: string;
  account_number: string;
  recipient_name: string;
  sender_bank: string;
  remark: string;
  receipt: string;
  time_served: string;
  bundle_id: number;
  company_id: number;
  recipient_city: number;
  created_from: string;
  direction: string;
  sender: null;
  fee: number;
  beneficiary_email: string;
  idempotency_key: string;
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
  /** Disbursements created, in order (one per idempotency key). */
  disbursements: FlipDisbursement[];
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
export const DISBURSEMENT_PATH = '/api/v3/disbursement';
export const FAKE_FLIP_CALLBACK_TOKEN = 'fake-flip-validation-token-0123456789abcdef';

/**
 * The body Flip posts to the callback URL: `data=<JSON of the disbursement>&token=<validation token>`, form-encoded.
 * `changes` finish it (status DONE, or CANCELLED with a reason) the way Flip does before calling back.
 */
export function callbackBody(
  disbursement: FlipDisbursement,
  changes: Partial<FlipDisbursement> = {},
  token = FAKE_FLIP_CALLBACK_TOKEN,
): string {
  const finished = changes.status && changes.status !== 'PENDING';
  const data: FlipDisbursement = {
    ...disbursement,
    ...(changes.status === 'DONE'
      ? { receipt: 'https://flip-receipt.example/receipt.jpg', time_served: '2026-03-02 10:05:00' }
      : finished
        ? { time_served: '2026-03-02 10:05:00' }
        : {}),
    ...changes,
  };
  return new URLSearchParams({ data: JSON.stringify(data), token }).toString();
}

export const basicAuthOf = (secretKey: string) => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

export async function startFakeFlipGateway(secretKey = FAKE_FLIP_SECRET_KEY): Promise<FakeFlipGateway> {
  const requests: FlipRequest[] = [];
  const accounts = new Map<string, string>();
  const queue: FlipBehaviour[] = [];
  const disbursements: FlipDisbursement[] = [];
  // Flip's ids are unique for good: a reset does not start them again, so one test's callbacks never replay another's.
  let lastId = 1000;

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

  const unauthorized = {
    status: 401,
    answer: {
      name: 'Unauthorized',
      message: 'You are requesting with an invalid credential.',
      code: 0,
      status: 401,
    },
  };
  const notFound = {
    status: 404,
    answer: { name: 'Not Found', message: 'Page not found.', code: 0, status: 404 },
  };

  /** Flip's disbursement create (API v3): a refusal, or the disbursement (the first one again for a known key). */
  const disburse = (request: FlipRequest): { status: number; answer: unknown } => {
    if (request.authorization !== basicAuthOf(secretKey)) return unauthorized;
    const { account_number: accountNumber, bank_code: bankCode, amount, remark = '' } = request.fields;
    if (!request.contentType.startsWith('application/x-www-form-urlencoded') || !accountNumber)
      return validationError('account_number', 1001, 'Account number should not be empty');
    if (!request.idempotencyKey)
      return validationError('idempotency-key', 1001, 'Idempotency key should not be empty');
    if (!/^\d+$/.test(accountNumber))
      return validationError('account_number', 1020, 'Account number can only contain number');
    if (!bankCode || !/^[a-z_]+$/.test(bankCode))
      return validationError('bank_code', 1033, 'Bank code is not valid');
    if (!amount || !/^\d+$/.test(amount))
      return validationError('amount', 1020, 'Amount can only contain number');
    if (Number(amount) < 10_000)
      return validationError('amount', 1021, 'Transfer amount are less than the minimum amount');
    if (remark.length > 18) return validationError('remark', 1024, 'Max char for remark exceeded');
    if (!/^[A-Za-z0-9 .\-/()]*$/.test(remark)) return validationError('remark', 2003, 'Remark is not clean');
    const known = disbursements.find((d) => d.idempotency_key === request.idempotencyKey);
    if (known) return { status: 200, answer: known };
    const created: FlipDisbursement = {
      id: ++lastId,
      user_id: 20,
      amount: Number(amount),
      status: 'PENDING',
      reason: '',
      timestamp: '2026-03-02 10:00:00',
      bank_code: bankCode,
      account_number: accountNumber,
      recipient_name: accounts.get(`${bankCode}:${accountNumber}`) ?? '-',
      sender_bank: 'bri',
      remark,
      receipt: '',
      time_served: '0000-00-00 00:00:00',
      bundle_id: 0,
      company_id: 7,
      recipient_city: 391,
      created_from: 'API',
      direction: 'DOMESTIC_TRANSFER',
      sender: null,
      fee: 2500,
      beneficiary_email: '',
      idempotency_key: request.idempotencyKey,
    };
    disbursements.push(created);
    return { status: 200, answer: created };
  };

  /** What Flip answers when no test scripted otherwise, including its refusals of a bad request. */
  const documented = (request: FlipRequest): { status: number; answer: unknown } | null => {
    if (request.method === 'POST' && request.path === DISBURSEMENT_PATH) return disburse(request);
    if (request.method !== 'POST' || request.path !== INQUIRY_PATH) return notFound;
    if (request.authorization !== basicAuthOf(secretKey)) return unauthorized;
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
    const raw = await readBody(req);
    const contentType = String(req.headers['content-type'] ?? '');
    const fields = contentType.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : {};
    const request: FlipRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      contentType,
      authorization: String(req.headers.authorization ?? ''),
      idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
      timestamp: String(req.headers['x-timestamp'] ?? ''),
      fields,
    };
    requests.push(request);

    const behaviour = queue.shift();
    if (withheld(behaviour, req)) return;
    let status: number;
    let answer: unknown;
    let headers: Record<string, string> = {};
    if (behaviour && 'answer' in behaviour) {
      status = behaviour.status ?? 200;
      answer = behaviour.answer;
      headers = behaviour.headers ?? {};
    } else {
      // A scripted status still needs a request Flip would accept; a disbursement is always answered here.
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
    sendAnswer(res, status, answer, headers);
  };

  const server = await serveLocally(handle);
  return {
    baseUrl: `${server.url}/api/v2`,
    requests,
    disbursements,
    openAccount: (bankCode, accountNumber, holder) => accounts.set(`${bankCode}:${accountNumber}`, holder),
    script: (...behaviours) => queue.push(...behaviours),
    reset: () => {
      requests.length = 0;
      accounts.clear();
      queue.length = 0;
      disbursements.length = 0;
    },
    close: server.close,
  };
}
