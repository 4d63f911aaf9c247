import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { dynamicQris } from '../../src/providers/payment-gateway/qris-payload.ts';
import { basicAuthOf } from './fake-flip-gateway.ts';
import { readBody, sendAnswer, serveLocally, withheld } from './fake-http-server.ts';

/**
 * A local stand-in for Xendit's Fixed Virtual Account, Retail Outlet (fixed payment code), QR Codes and E-Wallet
 * Charges APIs, for tests: POST {base}/callback_virtual_accounts, POST {base}/fixed_payment_code, POST
 * {base}/qr_codes and POST {base}/ewallets/charges, JSON, HTTP
 * Basic auth with the secret key as user name and an empty password. Without a script it answers as Xendit documents: 401 INVALID_API_KEY for
 * another key, 400 API_VALIDATION_ERROR for a missing or malformed field (a name with anything but letters and spaces
 * among them), 400 BANK_NOT_SUPPORTED_ERROR for an unknown bank, and otherwise the created VA (status PENDING, its
 * number the bank's merchant code and 10 digits) or payment code (status ACTIVE, prefix TEST). A repeated
 * X-IDEMPOTENCY-KEY answers the first creation again, so `virtualAccounts` and `paymentCodes` hold one per key.
 * QR codes (API version 2022-07-31, which the `api-version` header must name) take `reference_id`, `type` DYNAMIC,
 * `currency` IDR, `amount` (1 to 10,000,000) and `expires_at`, any other field refused (so a name sent is refused);
 * the answer is the ACTIVE code with a QRIS `qr_string`, once per `idempotency-key`. `qrPaidCallback` builds the
 * `qr.payment` event Xendit posts when one is paid.
 * E-wallet charges (API version 2021-01-25) take `reference_id`, `currency` IDR, `amount` (100 to 20,000,000),
 * `checkout_method` ONE_TIME_PAYMENT, `channel_code` ID_DANA, ID_OVO, ID_SHOPEEPAY, ID_LINKAJA, ID_ASTRAPAY or ID_SAKUKU and `channel_properties` (OVO:
 * a +62 `mobile_number`; DANA and ShopeePay: a `success_redirect_url`), any other top-level field refused. They have
 * no idempotency header: a repeated `reference_id` is 400 DUPLICATE_ERROR. The answer is the PENDING charge: DANA's
 * with a mobile web checkout page, ShopeePay's with an app link and a QR string (200), OVO's without `actions` (202,
 * it pushes to the app). `ewalletCapturedCallback` builds the `ewallet.capture` event Xendit posts when one ends.
 * Tests script the next answers (a raw answer such as a 503, a request that never answers, a dropped connection) and
 * read every request received. `paidCallback` builds the body Xendit posts to our callback URL when one is paid.
 *
 * The merchant codes are Xendit's published Mandiri company code (88608) and made-up ones for the other banks.
 */
export interface XenditRequest {
  method: string;
  path: string;
  contentType: string;
  authorization: string;
  /** The X-IDEMPOTENCY-KEY header, or the QR API's idempotency-key ('' when absent). */
  idempotencyKey: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export interface XenditQrCode {
  id: string;
  reference_id: string;
  business_id: string;
  type: 'DYNAMIC';
  currency: 'IDR';
  amount: number;
  channel_code: string;
  status: 'ACTIVE';
  qr_string: string;
  expires_at: string;
  created: string;
  updated: string;
  metadata: null;
}

export type XenditEwalletChannel =
  'ID_DANA' | 'ID_OVO' | 'ID_SHOPEEPAY' | 'ID_LINKAJA' | 'ID_ASTRAPAY' | 'ID_SAKUKU';

export interface XenditEwalletCharge {
  id: string;
  business_id: string;
  reference_id: string;
  status: 'PENDING';
  currency: 'IDR';
  charge_amount: number;
  capture_amount: number;
  refunded_amount: null;
  checkout_method: 'ONE_TIME_PAYMENT';
  channel_code: XenditEwalletChannel;
  channel_properties: Record<string, string>;
  actions: {
    desktop_web_checkout_url: string | null;
    mobile_web_checkout_url: string | null;
    mobile_deeplink_checkout_url: string | null;
    qr_checkout_string: string | null;
  } | null;
  is_redirect_required: boolean;
  callback_url: string;
  created: string;
  updated: string;
  void_status: null;
  voided_at: null;
  capture_now: boolean;
  customer_id: null;
  payment_method_id: null;
  failure_code: null;
  basket: null;
  metadata: null;
}

export interface XenditVirtualAccount {
  id: string;
  owner_id: string;
  external_id: string;
  bank_code: string;
  merchant_code: string;
  account_number: string;
  name: string;
  currency: 'IDR';
  is_closed: boolean;
  is_single_use: boolean;
  expected_amount: number;
  expiration_date: string;
  status: 'PENDING' | 'ACTIVE';
}

export interface XenditPaymentCode {
  id: string;
  owner_id: string;
  external_id: string;
  retail_outlet_name: string;
  prefix: string;
  payment_code: string;
  name: string;
  expected_amount: number;
  is_single_use: boolean;
  expiration_date: string;
  status: 'ACTIVE';
}

export type XenditBehaviour =
  /** Exactly this answer (a string is sent as HTML). */
  | { answer: unknown; status?: number }
  /** Never answers: the client's timeout must fire. */
  | 'hang'
  /** Closes the connection without an answer. */
  | 'drop';

export interface FakeXenditGateway {
  /** The base URL to configure, like `https://api.xendit.co`. */
  baseUrl: string;
  requests: XenditRequest[];
  virtualAccounts: XenditVirtualAccount[];
  paymentCodes: XenditPaymentCode[];
  qrCodes: XenditQrCode[];
  ewalletCharges: XenditEwalletCharge[];
  /** Behaviours for the next requests, in order; afterwards the documented contract answers. */
  script(...behaviours: XenditBehaviour[]): void;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_XENDIT_SECRET_KEY = 'xnd_development_fAkEsEcReTkEy0123456789abcdefGHIJKLmnopQRST==';
export const FAKE_XENDIT_CALLBACK_TOKEN = 'fake-xendit-verification-token-0123456789abcdef';
export const VIRTUAL_ACCOUNT_PATH = '/callback_virtual_accounts';
export const PAYMENT_CODE_PATH = '/fixed_payment_code';
export const QR_CODE_PATH = '/qr_codes';
const QR_API_VERSION = '2022-07-31';
const QR_BODY_FIELDS = new Set(['reference_id', 'type', 'currency', 'amount', 'expires_at', 'metadata']);
export const EWALLET_CHARGE_PATH = '/ewallets/charges';
const EWALLET_BODY_FIELDS = new Set([
  'reference_id',
  'currency',
  'amount',
  'checkout_method',
  'channel_code',
  'channel_properties',
  'payment_method_id',
  'customer_id',
  'basket',
  'metadata',
]);
const EWALLET_CHANNEL_PROPERTIES = new Set([
  'mobile_number',
  'success_redirect_url',
  'failure_redirect_url',
  'cancel_redirect_url',
  'redeem_points',
]);
const EWALLET_CHANNELS = new Set<unknown>([
  'ID_DANA',
  'ID_OVO',
  'ID_SHOPEEPAY',
  'ID_LINKAJA',
  'ID_ASTRAPAY',
  'ID_SAKUKU',
]);
/** The callback URL set in the dashboard, which Xendit echoes in every charge. */
const EWALLET_CALLBACK_URL = 'https://kaskita.example/api/payments/callback/xendit-ewallet';

const MERCHANT_CODES: Record<string, string> = {
  BCA: '10766',
  BNI: '8808',
  BRI: '26215',
  MANDIRI: '88608',
  PERMATA: '8214',
  CIMB: '5919',
  BSI: '9347',
  BJB: '1234',
};
const OWNER_ID = '5f2b4d8e9c1a3b0012345678';

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/**
 * The "paid" callback Xendit posts for a VA (FVA paid) or a payment code (retail outlet paid), with the fields it
 * documents; `changes` override any of them (another amount, a later time ...).
 */
export function paidCallback(
  paid: XenditVirtualAccount | XenditPaymentCode,
  changes: Record<string, unknown> = {},
): Record<string, unknown> {
  const paymentId = `pay-${randomUUID()}`;
  const common = {
    id: `cb-${randomUUID()}`,
    owner_id: OWNER_ID,
    external_id: paid.external_id,
    payment_id: paymentId,
    amount: paid.expected_amount,
    transaction_timestamp: new Date().toISOString(),
  };
  const body =
    'account_number' in paid
      ? {
          ...common,
          callback_virtual_account_id: paid.id,
          bank_code: paid.bank_code,
          merchant_code: paid.merchant_code,
          account_number: paid.account_number,
          sender_name: 'PEMBAYAR TERTENTU',
          created: common.transaction_timestamp,
          updated: common.transaction_timestamp,
        }
      : {
          ...common,
          fixed_payment_code_id: paid.id,
          fixed_payment_code_payment_id: paymentId,
          retail_outlet_name: paid.retail_outlet_name,
          prefix: paid.prefix,
          payment_code: paid.payment_code,
          name: paid.name,
          status: 'COMPLETED',
        };
  return { ...body, ...changes };
}

/** The `qr.payment` event Xendit posts when a QR code is paid; `changes` override fields of its `data`. */
export function qrPaidCallback(paid: XenditQrCode, changes: Record<string, unknown> = {}) {
  const created = new Date().toISOString();
  return {
    event: 'qr.payment',
    api_version: 'v2',
    business_id: paid.business_id,
    created,
    data: {
      id: `qrpy_${randomUUID()}`,
      business_id: paid.business_id,
      currency: 'IDR',
      amount: paid.amount,
      status: 'SUCCEEDED',
      created,
      qr_id: paid.id,
      reference_id: paid.reference_id,
      type: 'DYNAMIC',
      channel_code: paid.channel_code,
      expires_at: paid.expires_at,
      payment_detail: { receipt_id: digits(12), source: 'DANA', name: 'PEMBAYAR TERTENTU' },
      ...changes,
    },
  };
}

/**
 * The `ewallet.capture` event Xendit posts when an e-wallet charge ends (SUCCEEDED unless `changes` say otherwise:
 * FAILED with a `failure_code`, VOIDED ...); `changes` override fields of its `data`.
 */
export function ewalletCapturedCallback(charge: XenditEwalletCharge, changes: Record<string, unknown> = {}) {
  const updated = new Date().toISOString();
  return {
    event: 'ewallet.capture',
    business_id: charge.business_id,
    created: updated,
    // The charge as Xendit holds it, captured now: what its capture callback reports.
    data: {
      ...charge,
      status: 'SUCCEEDED',
      capture_amount: charge.charge_amount,
      updated,
      ...changes,
    },
  };
}

/** The made-up checkout host of a redirect wallet: dana.fake, linkaja.fake. */
const walletHost = (channel: string) => `${channel.replace(/^ID_/, '').toLowerCase()}.fake`;

export async function startFakeXenditGateway(secretKey = FAKE_XENDIT_SECRET_KEY): Promise<FakeXenditGateway> {
  const requests: XenditRequest[] = [];
  const queue: XenditBehaviour[] = [];
  const virtualAccounts: XenditVirtualAccount[] = [];
  const paymentCodes: XenditPaymentCode[] = [];
  const qrCodes: XenditQrCode[] = [];
  const ewalletCharges: XenditEwalletCharge[] = [];
  const byKey = new Map<string, XenditVirtualAccount | XenditPaymentCode | XenditQrCode>();

  const error = (status: number, code: string, message: string) => ({
    status,
    answer: { error_code: code, message },
  });
  const invalid = (message: string) => error(400, 'API_VALIDATION_ERROR', message);

  /** The fields both APIs share, checked as Xendit does; null when they pass. */
  const commonProblem = (body: Record<string, unknown>) => {
    const { external_id: externalId, name, expected_amount: amount, expiration_date: expiry } = body;
    if (typeof externalId !== 'string' || externalId.length === 0 || externalId.length > 950)
      return invalid('"external_id" is required');
    if (typeof name !== 'string' || !/^[A-Za-z ]+$/.test(name))
      return invalid('"name" must only contain letters');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)
      return invalid('"expected_amount" must be a positive number');
    if (expiry !== undefined && (typeof expiry !== 'string' || !Number.isFinite(Date.parse(expiry))))
      return invalid('"expiration_date" must be a valid ISO 8601 date');
    return null;
  };

  const createVirtualAccount = (body: Record<string, unknown>) => {
    const problem = commonProblem(body);
    if (problem) return problem;
    const bank = body.bank_code;
    if (typeof bank !== 'string') return invalid('"bank_code" is required');
    const merchantCode = MERCHANT_CODES[bank];
    if (!merchantCode)
      return error(400, 'BANK_NOT_SUPPORTED_ERROR', 'That bank code is not currently supported');
    if (body.is_closed !== true) return invalid('closed virtual accounts only in this stand-in');
    const created: XenditVirtualAccount = {
      id: randomUUID().replace(/-/g, '').slice(0, 24),
      owner_id: OWNER_ID,
      external_id: body.external_id as string,
      bank_code: bank,
      merchant_code: merchantCode,
      account_number: `${merchantCode}${digits(10)}`,
      name: body.name as string,
      currency: 'IDR',
      is_closed: true,
      is_single_use: body.is_single_use === true,
      expected_amount: body.expected_amount as number,
      expiration_date: new Date(body.expiration_date as string).toISOString(),
      status: 'PENDING',
    };
    virtualAccounts.push(created);
    return { status: 200, answer: created, created };
  };

  const createPaymentCode = (body: Record<string, unknown>) => {
    const problem = commonProblem(body);
    if (problem) return problem;
    const outlet = body.retail_outlet_name;
    if (outlet !== 'ALFAMART' && outlet !== 'INDOMARET')
      return invalid('"retail_outlet_name" must be one of [ALFAMART, INDOMARET]');
    const created: XenditPaymentCode = {
      id: randomUUID().replace(/-/g, '').slice(0, 24),
      owner_id: OWNER_ID,
      external_id: body.external_id as string,
      retail_outlet_name: outlet,
      prefix: 'TEST',
      payment_code: `TEST${digits(6)}`,
      name: body.name as string,
      expected_amount: body.expected_amount as number,
      is_single_use: body.is_single_use === true,
      expiration_date: new Date(body.expiration_date as string).toISOString(),
      status: 'ACTIVE',
    };
    paymentCodes.push(created);
    return { status: 200, answer: created, created };
  };

  const createQrCode = (body: Record<string, unknown>, apiVersion: unknown) => {
    if (apiVersion !== QR_API_VERSION)
      return invalid(`this stand-in speaks api-version ${QR_API_VERSION} only`);
    const { reference_id: reference, type, currency, amount, expires_at: expiry } = body;
    const extra = Object.keys(body).find((key) => !QR_BODY_FIELDS.has(key));
    if (extra) return invalid(`"${extra}" is not allowed`);
    if (typeof reference !== 'string' || reference.length === 0 || reference.length > 255)
      return invalid('"reference_id" is required');
    if (type !== 'DYNAMIC') return invalid('dynamic codes only in this stand-in');
    if (currency !== 'IDR') return invalid('"currency" must be IDR');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 10_000_000)
      return invalid('"amount" must be between 1 and 10000000');
    if (typeof expiry !== 'string' || !Number.isFinite(Date.parse(expiry)))
      return invalid('"expires_at" must be a valid ISO 8601 date');
    const now = new Date().toISOString();
    const created: XenditQrCode = {
      id: `qr_${randomUUID()}`,
      reference_id: reference,
      business_id: OWNER_ID,
      type,
      currency,
      amount,
      channel_code: 'ID_DANA',
      status: 'ACTIVE',
      qr_string: dynamicQris({ amount: rupiah(amount), reference, nmid: 'ID1020021181745' }),
      expires_at: new Date(expiry).toISOString(),
      created: now,
      updated: now,
      metadata: null,
    };
    qrCodes.push(created);
    return { status: 201, answer: created, created };
  };

  const isUrl = (url: unknown) =>
    typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);

  const createEwalletCharge = (body: Record<string, unknown>) => {
    const extra = Object.keys(body).find((key) => !EWALLET_BODY_FIELDS.has(key));
    if (extra) return invalid(`"${extra}" is not allowed`);
    const {
      reference_id: reference,
      currency,
      amount,
      checkout_method: method,
      channel_code: channel,
    } = body;
    const properties = body.channel_properties;
    if (typeof reference !== 'string' || reference.length === 0 || reference.length > 255)
      return invalid('"reference_id" is required');
    if (currency !== 'IDR') return invalid('"currency" must be IDR');
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100 || amount > 20_000_000)
      return invalid('"amount" must be between 100 and 20000000');
    if (method !== 'ONE_TIME_PAYMENT') return invalid('one-time payments only in this stand-in');
    if (!EWALLET_CHANNELS.has(channel))
      return invalid(`"channel_code" must be one of [${[...EWALLET_CHANNELS].join(', ')}]`);
    if (!properties || typeof properties !== 'object' || Array.isArray(properties))
      return invalid('"channel_properties" is required');
    const props = properties as Record<string, unknown>;
    const unknownProperty = Object.keys(props).find((key) => !EWALLET_CHANNEL_PROPERTIES.has(key));
    if (unknownProperty) return invalid(`"channel_properties.${unknownProperty}" is not allowed`);
    if (Object.values(props).some((value) => typeof value !== 'string'))
      return invalid('"channel_properties" must hold strings');
    if (channel === 'ID_OVO') {
      if (typeof props.mobile_number !== 'string' || !/^\+62\d{8,13}$/.test(props.mobile_number))
        return invalid('"channel_properties.mobile_number" must be an Indonesian number in E.164 (+62...)');
    } else if (!isUrl(props.success_redirect_url))
      return invalid('"channel_properties.success_redirect_url" is required');
    for (const key of ['failure_redirect_url', 'cancel_redirect_url'])
      if (props[key] !== undefined && !isUrl(props[key]))
        return invalid(`"channel_properties.${key}" must be a URL`);
    if (ewalletCharges.some((charge) => charge.reference_id === reference))
      return error(400, 'DUPLICATE_ERROR', 'A charge with this reference_id already exists');

    const id = `ewc_${randomUUID()}`;
    const now = new Date().toISOString();
    const created: XenditEwalletCharge = {
      id,
      business_id: OWNER_ID,
      reference_id: reference,
      status: 'PENDING',
      currency,
      charge_amount: amount,
      capture_amount: amount,
      refunded_amount: null,
      checkout_method: method,
      channel_code: channel as XenditEwalletChannel,
      channel_properties: props as Record<string, string>,
      actions:
        channel === 'ID_OVO'
          ? null
          : channel !== 'ID_SHOPEEPAY'
            ? {
                desktop_web_checkout_url: `https://${walletHost(String(channel))}/checkout/${id}`,
                mobile_web_checkout_url: `https://m.${walletHost(String(channel))}/checkout/${id}`,
                mobile_deeplink_checkout_url: null,
                qr_checkout_string: null,
              }
            : {
                desktop_web_checkout_url: null,
                mobile_web_checkout_url: null,
                mobile_deeplink_checkout_url: `shopeeid://main?apprl=${id}`,
                qr_checkout_string: dynamicQris({
                  amount: rupiah(amount),
                  reference,
                  nmid: 'ID1020021181745',
                }),
              },
      is_redirect_required: channel !== 'ID_OVO',
      callback_url: EWALLET_CALLBACK_URL,
      created: now,
      updated: now,
      void_status: null,
      voided_at: null,
      capture_now: true,
      customer_id: null,
      payment_method_id: null,
      failure_code: null,
      basket: null,
      metadata: null,
    };
    ewalletCharges.push(created);
    return { status: channel === 'ID_OVO' ? 202 : 200, answer: created };
  };

  const documented = (request: XenditRequest): { status: number; answer: unknown } => {
    if (request.authorization !== basicAuthOf(secretKey))
      return error(401, 'INVALID_API_KEY', 'API key is not authorized for this API service');
    const create =
      request.method !== 'POST'
        ? null
        : request.path === VIRTUAL_ACCOUNT_PATH
          ? createVirtualAccount
          : request.path === PAYMENT_CODE_PATH
            ? createPaymentCode
            : request.path === QR_CODE_PATH
              ? (body: Record<string, unknown>) => createQrCode(body, request.headers['api-version'])
              : request.path === EWALLET_CHARGE_PATH
                ? createEwalletCharge
                : null;
    if (!create) return error(404, 'NOT_FOUND', 'Resource not found');
    if (!request.contentType.startsWith('application/json'))
      return error(400, 'INVALID_JSON_FORMAT', 'The request body must be JSON');
    // E-wallet charges have no idempotency header: one sent anyway is ignored, as Xendit ignores it.
    const key = request.path === EWALLET_CHARGE_PATH ? '' : request.idempotencyKey;
    const known = key ? byKey.get(`${request.path}:${key}`) : undefined;
    if (known) return { status: 200, answer: known };
    const result = create(request.body);
    if ('created' in result && key) byKey.set(`${request.path}:${key}`, result.created);
    return { status: result.status, answer: result.answer };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } catch {
      // An unreadable body is answered by the contract below as a validation error.
    }
    const request: XenditRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      contentType: String(req.headers['content-type'] ?? ''),
      authorization: String(req.headers.authorization ?? ''),
      idempotencyKey: String(req.headers['x-idempotency-key'] ?? req.headers['idempotency-key'] ?? ''),
      headers: req.headers,
      body,
    };
    requests.push(request);

    const behaviour = queue.shift();
    if (withheld(behaviour, req)) return;
    const { status, answer } = behaviour
      ? { status: behaviour.status ?? 200, answer: behaviour.answer }
      : documented(request);
    sendAnswer(res, status, answer);
  };

  const server = await serveLocally(handle);
  return {
    baseUrl: server.url,
    requests,
    virtualAccounts,
    paymentCodes,
    qrCodes,
    ewalletCharges,
    script: (...behaviours) => queue.push(...behaviours),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
      virtualAccounts.length = 0;
      paymentCodes.length = 0;
      qrCodes.length = 0;
      ewalletCharges.length = 0;
      byKey.clear();
    },
    close: server.close,
  };
}
