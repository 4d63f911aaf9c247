import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { ProviderLog } from '../provider-descriptor.ts';
import {
  basicAuthorization,
  parseJsonObject,
  postToProvider,
  ProviderUnreachableError,
  type ProviderAnswer,
} from '../provider-http.ts';
import type {
  EwalletCharge,
  EwalletChargeRequest,
  EwalletCode,
  PaymentGatewayProvider,
  QrCode,
  QrCodeRequest,
  RetailOutlet,
  StorePaymentCode,
  StorePaymentCodeRequest,
  VirtualAccount,
  VirtualAccountBank,
  VirtualAccountRequest,
} from './payment-gateway-provider.ts';

export interface XenditConfig {
  /** XENDIT_BASE_URL: https://api.xendit.co for both modes (the key, not the address, says test or live). */
  baseUrl: string;
  /** Xendit's secret API key (`xnd_development_...` or `xnd_production_...`): the Basic auth user, no password. */
  secretKey: string;
  /** Per request, answer included; the borrower waits on it. */
  timeoutMs: number;
}

/** Xendit's test mode: its development keys create codes that no bank or store can pay. */
export function isXenditDevelopmentKey(secretKey: string): boolean {
  return secretKey.startsWith('xnd_development_');
}

/**
 * Our banks by Xendit's `bank_code` (its Fixed Virtual Account API lists BCA, BNI, BRI, BJB, BSI, CIMB, DBS, MANDIRI,
 * PERMATA, SAHABAT_SAMPOERNA). They happen to be our names; the table stays so a rename on either side is one line.
 */
export const XENDIT_BANK_CODES: Record<VirtualAccountBank, string> = {
  BCA: 'BCA',
  BNI: 'BNI',
  BRI: 'BRI',
  MANDIRI: 'MANDIRI',
  PERMATA: 'PERMATA',
  CIMB: 'CIMB',
  BSI: 'BSI',
};

/**
 * Mandiri's company code for Xendit's virtual accounts ("88608 (XENDIT)" in Xendit's Mandiri payment steps: ATM >
 * PAYMENT > MULTI PAYMENT, the company code, then the whole VA number). Xendit answers it as `merchant_code`; this is
 * only the fallback when an answer lacks it.
 */
export const XENDIT_MANDIRI_COMPANY_CODE = '88608';

/**
 * What Xendit shows at the ATM and the cashier: letters and spaces only (its rule for a VA `name`, which BCA wants at
 * least 3 long). Accents are dropped rather than the letters, digits and signs become spaces, and a long name is cut
 * at a word within 30 letters, a limit every bank takes (Xendit does not publish each bank's). Null when too little is
 * left to send.
 */
export function xenditName(displayName: string): string | null {
  const letters = displayName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z]+/g, ' ')
    .trim();
  if (letters.length < XENDIT_NAME_MIN) return null;
  if (letters.length <= XENDIT_NAME_MAX) return letters;
  const head = letters.slice(0, XENDIT_NAME_MAX + 1);
  const lastSpace = head.lastIndexOf(' ');
  return (lastSpace >= XENDIT_NAME_MIN ? head.slice(0, lastSpace) : letters.slice(0, XENDIT_NAME_MAX)).trim();
}

const XENDIT_NAME_MIN = 3;
const XENDIT_NAME_MAX = 30;

/** Our e-wallets by Xendit's `channel_code` (its E-Wallet Charges API: the country, then the wallet). */
export const XENDIT_EWALLET_CHANNEL_CODES: Record<EwalletCode, string> = {
  DANA: 'ID_DANA',
  OVO: 'ID_OVO',
  SHOPEEPAY: 'ID_SHOPEEPAY',
  LINKAJA: 'ID_LINKAJA',
  ASTRAPAY: 'ID_ASTRAPAY',
  SAKUKU: 'ID_SAKUKU',
};

/** The OVO account's phone as Xendit takes it: E.164 for Indonesia, +62 then 8 to 13 digits. */
const OVO_MOBILE_NUMBER = /^\+62\d{8,13}$/;

/** Why no payment code came back. */
export type XenditFailureReason =
  | 'timeout'
  | 'network'
  | 'credentials'
  | 'rate_limited'
  | 'gateway_unavailable'
  | 'wrong_address'
  | 'unexpected_answer'
  | 'duplicate'
  | 'refused'
  | 'name_not_usable'
  | 'phone_not_usable';

/** Faults only an operator can fix: logged as errors. */
const OPERATOR_FAULTS: Partial<Record<XenditFailureReason, string>> = {
  credentials:
    'Xendit refused our secret key: configuration error, check XENDIT_SECRET_KEY (and its Money-In write permission)',
  wrong_address: 'Xendit does not know the address: check XENDIT_BASE_URL',
};

/**
 * Xendit's `error_code`s that need the dashboard (or Xendit's support), not a retry: a bank, store or e-wallet not
 * activated for the account, an e-wallet without a callback URL, the wallet refusing Xendit's own credentials.
 */
const OPERATOR_CODES: Record<string, string> = {
  BANK_NOT_SUPPORTED_ERROR: 'activate it in the Xendit dashboard',
  CHANNEL_NOT_ACTIVATED: 'activate it in the Xendit dashboard',
  REQUEST_FORBIDDEN_ERROR: 'activate it in the Xendit dashboard',
  CALLBACK_URL_NOT_FOUND: "set the channel's callback URL in the Xendit dashboard",
  INVALID_MERCHANT_CREDENTIALS: "the wallet refused Xendit's merchant credentials: ask Xendit's support",
};

/**
 * Of those, the ones Xendit answers with a 401, 403 or 404 (e-wallet charges): the account's settings at Xendit, not
 * our key or our address, so they are refusals rather than `credentials` or `wrong_address`.
 */
const DASHBOARD_CODES = new Set([
  'CHANNEL_NOT_ACTIVATED',
  'CALLBACK_URL_NOT_FOUND',
  'INVALID_MERCHANT_CREDENTIALS',
]);

/**
 * No payment code: the request failed or we cannot tell whether it reached Xendit. Asking again is safe: the same
 * external id carries the same idempotency key (X-IDEMPOTENCY-KEY, the QR API's `idempotency-key`), and a new one (what the repay call sends on the borrower's next
 * try) is a new code. E-wallet charges have no idempotency key: asked again with the same external id, Xendit
 * refuses the repeated `reference_id` (`duplicate`), so only a new external id makes a new charge. The message names
 * the reason, the HTTP status and Xendit's code only.
 */
export class XenditPaymentError extends Error {
  override name = 'XenditPaymentError';
  readonly retryable: boolean = true;
  constructor(
    readonly reason: XenditFailureReason,
    readonly httpStatus: number | null,
    readonly xenditCode: string | null = null,
  ) {
    super(
      `Xendit gave no payment code: ${reason}${httpStatus ? ` (HTTP ${httpStatus}${xenditCode ? `, ${xenditCode}` : ''})` : ''}`,
    );
  }
}

/**
 * Xendit refused the request itself (a 4xx with its `error_code`): the same request would be refused again. Never
 * carries Xendit's message, which may quote the name we sent.
 */
export class XenditRefusedError extends XenditPaymentError {
  override name = 'XenditRefusedError';
  override readonly retryable = false;
}

interface Exchange {
  channel: VirtualAccountBank | RetailOutlet | 'QRIS' | EwalletCode;
  externalId: string;
  path: string;
  /** The `api-version` header of Xendit's dated APIs (QR codes), which name the idempotency key `idempotency-key`. */
  apiVersion?: string;
  /** False for the APIs without an idempotency header (e-wallet charges): none is sent. */
  idempotent?: false;
  body: Record<string, unknown>;
}

/** The QR codes API version we follow: its request, answer and callback shapes are the ones this file reads. */
export const XENDIT_QR_API_VERSION = '2022-07-31';

/** EMVCo's payload format indicator (tag 00, "01") opens every QRIS code; printable ASCII throughout. */
const QR_STRING = /^000201[\x20-\x7E]{14,506}$/;

/** A checkout address we hand the app: printable ASCII without spaces, at most 2048 long. */
const CHECKOUT_URL = /^[\x21-\x7E]{1,2048}$/;
/** An app link's scheme (`shopeeid:`), which must not be one a browser runs, reads locally or sends in clear. */
const APP_LINK_SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const UNSAFE_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file', 'blob', 'about', 'http']);

/**
 * Xendit's Fixed Virtual Accounts and Retail Outlets (fixed payment codes), API version 1:
 *
 *   POST {base}/callback_virtual_accounts   {external_id, bank_code, name, expected_amount, is_closed: true,
 *                                            is_single_use: true, expiration_date (ISO 8601)}
 *     answer {id, external_id, bank_code, merchant_code, account_number, name, expected_amount, expiration_date,
 *             status: "PENDING" (ACTIVE once the bank has it, a second or so later), ...}
 *   POST {base}/fixed_payment_code          {external_id, retail_outlet_name: ALFAMART | INDOMARET, name,
 *                                            expected_amount, is_single_use: true, expiration_date}
 *     answer {id, external_id, retail_outlet_name, prefix, payment_code, expected_amount, expiration_date, status}
 *   headers  Authorization: Basic <secret key>: (empty password), X-IDEMPOTENCY-KEY: <our external id>
 *
 * and its QR Codes, API version 2022-07-31 (dynamic QRIS codes, IDR 1 to 10,000,000 each):
 *
 *   POST {base}/qr_codes                    {reference_id, type: DYNAMIC, currency: IDR, amount, expires_at}
 *     answer {id: "qr_...", reference_id, business_id, type, currency, amount, channel_code, status: "ACTIVE",
 *             qr_string: "000201...", expires_at, created, updated, metadata}
 *   headers  Authorization as above, api-version: 2022-07-31, idempotency-key: <our external id>
 *
 *   errors   {"error_code": "API_VALIDATION_ERROR" | ..., "message": "..."}, 401 for the key, 403 for its rights
 *
 * and its E-Wallet Charges, API version 2021-01-25 (one-time payments from DANA, OVO and ShopeePay):
 *
 *   POST {base}/ewallets/charges            {reference_id, currency: IDR, amount, checkout_method: ONE_TIME_PAYMENT,
 *                                            channel_code: ID_DANA | ID_OVO | ID_SHOPEEPAY, channel_properties}
 *            channel_properties  OVO: {mobile_number: "+62..."} (the app that gets the push);
 *                                DANA, ShopeePay: {success_redirect_url, failure_redirect_url} (our return page)
 *     answer 202 (OVO) or 200 {id: "ewc_...", business_id, reference_id, status: "PENDING", currency, charge_amount,
 *            capture_amount, checkout_method, channel_code, channel_properties, actions: {desktop_web_checkout_url,
 *            mobile_web_checkout_url, mobile_deeplink_checkout_url, qr_checkout_string} | null (OVO),
 *            is_redirect_required, callback_url, created, updated, ...}
 *   headers  Authorization as above, and neither an idempotency header (this API has none: Xendit refuses a second
 *            charge with the same reference_id, 400/409 DUPLICATE_ERROR) nor an api-version
 *   errors   as above; 403 CHANNEL_NOT_ACTIVATED, 404 CALLBACK_URL_NOT_FOUND and 401 INVALID_MERCHANT_CREDENTIALS
 *            are the account's settings at Xendit, not our key or address
 *   limits   IDR 100 to 20,000,000 a charge (premium accounts; a basic wallet account takes at most 2,000,000);
 *            the borrower has 55 seconds to accept OVO's push, 30 minutes on DANA's page or in ShopeePay. Xendit
 *            sends no expiry: the charge's is the one we asked for, and the callback says how it ended.
 *
 * Closed and single-use: the VA, code, QR code or charge takes exactly the amount, once. The payment arrives by Xendit's
 * callback (`modules/repayments/payment-callback-endpoints.ts`: "paid" for VAs and codes, `qr.payment` for QR codes,
 * `ewallet.capture` for e-wallet charges, which also reports a failed one), never from this answer.
 *
 *   2xx naming our external id and amount        the VA (Mandiri: `merchant_code` is the biller code), the code, the
 *                                                QR code (a QRIS `qr_string`, IDR), or the charge (IDR, our channel,
 *                                                PENDING or already SUCCEEDED; DANA and ShopeePay with an https page
 *                                                or the wallet app's link, OVO without: it pushes)
 *   time-out, network error, 5xx, 408, 429       XenditPaymentError (retryable)
 *   409, or a DUPLICATE_* error_code             XenditPaymentError `duplicate`: Xendit already holds a code for this
 *                                                external id but its answer is lost; Xendit looks codes up by its own
 *                                                id only, so the borrower's next try asks with a new external id
 *   401/403, 404, an activation error_code       XenditPaymentError/XenditRefusedError, logged as an error (the
 *                                                e-wallet codes above: XenditRefusedError, whatever the status)
 *   other 4xx                                    XenditRefusedError with Xendit's error_code
 *   anything else (3xx, an unreadable 2xx)       XenditPaymentError `unexpected_answer`
 *
 * Nothing personal or secret leaves this class: log lines carry the bank, store, QRIS or wallet, our external id, the
 * reason, the HTTP status and Xendit's error_code, never the name, the phone, Xendit's messages or the key.
 */
export class XenditPaymentGateway implements PaymentGatewayProvider {
  readonly kind = 'payment-gateway';
  readonly name = 'xendit';
  readonly sandbox: boolean;
  private readonly base: string;
  private readonly authorization: string;

  constructor(
    private readonly config: XenditConfig,
    private readonly deps: { log?: ProviderLog } = {},
  ) {
    this.sandbox = isXenditDevelopmentKey(config.secretKey);
    this.base = config.baseUrl.replace(/\/+$/, '');
    this.authorization = basicAuthorization(config.secretKey);
  }

  async createVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount> {
    const exchange = {
      channel: request.bank,
      externalId: request.externalId,
      path: '/callback_virtual_accounts',
      body: {
        external_id: request.externalId,
        bank_code: XENDIT_BANK_CODES[request.bank],
        name: this.nameFor(request.displayName, request.bank, request.externalId),
        expected_amount: request.amount,
        is_closed: true,
        is_single_use: true,
        expiration_date: request.expiresAt.toISOString(),
      },
    };
    const { answer, status } = await this.send(exchange);
    const accountNumber = answer.account_number;
    if (
      !this.describes(answer, exchange, request.amount) ||
      typeof accountNumber !== 'string' ||
      !/^\d{6,24}$/.test(accountNumber) ||
      (answer.bank_code !== undefined && answer.bank_code !== exchange.body.bank_code)
    )
      throw this.failure('unexpected_answer', status, null, exchange);
    return {
      externalId: request.externalId,
      bank: request.bank,
      accountNumber,
      billerCode: request.bank === 'MANDIRI' ? mandiriCompanyCode(answer.merchant_code) : null,
      amount: request.amount,
      expiresAt: expiryOf(answer, request.expiresAt),
    };
  }

  async createStorePaymentCode(request: StorePaymentCodeRequest): Promise<StorePaymentCode> {
    const exchange = {
      channel: request.outlet,
      externalId: request.externalId,
      path: '/fixed_payment_code',
      body: {
        external_id: request.externalId,
        retail_outlet_name: request.outlet,
        name: this.nameFor(request.displayName, request.outlet, request.externalId),
        expected_amount: request.amount,
        is_single_use: true,
        expiration_date: request.expiresAt.toISOString(),
      },
    };
    const { answer, status } = await this.send(exchange);
    const paymentCode = answer.payment_code;
    if (
      !this.describes(answer, exchange, request.amount) ||
      typeof paymentCode !== 'string' ||
      !/^[A-Za-z0-9]{4,32}$/.test(paymentCode) ||
      (answer.retail_outlet_name !== undefined && answer.retail_outlet_name !== request.outlet)
    )
      throw this.failure('unexpected_answer', status, null, exchange);
    return {
      externalId: request.externalId,
      outlet: request.outlet,
      paymentCode,
      amount: request.amount,
      expiresAt: expiryOf(answer, request.expiresAt),
    };
  }

  async createQrCode(request: QrCodeRequest): Promise<QrCode> {
    // No name is sent, so `request.displayName` is unused: a QRIS code shows the merchant's name registered with
    // Xendit, never the borrower's.
    const exchange = {
      channel: 'QRIS' as const,
      externalId: request.externalId,
      path: '/qr_codes',
      apiVersion: XENDIT_QR_API_VERSION,
      body: {
        reference_id: request.externalId,
        type: 'DYNAMIC',
        currency: 'IDR',
        amount: request.amount,
        expires_at: request.expiresAt.toISOString(),
      },
    };
    const { answer, status } = await this.send(exchange);
    const qrString = answer.qr_string;
    if (
      !this.describes(answer, exchange, request.amount, 'reference_id', 'amount') ||
      (answer.currency !== undefined && answer.currency !== 'IDR') ||
      typeof qrString !== 'string' ||
      !QR_STRING.test(qrString)
    )
      throw this.failure('unexpected_answer', status, null, exchange);
    return {
      externalId: request.externalId,
      qrString,
      amount: request.amount,
      expiresAt: expiryOf(answer, request.expiresAt, 'expires_at'),
    };
  }

  async createEwalletCharge(request: EwalletChargeRequest): Promise<EwalletCharge> {
    // No name is sent, so `request.displayName` is unused: the wallet shows the merchant's name registered with
    // Xendit, the payer is whoever holds the wallet account, and a charge has no field for the borrower's name.
    const channelCode = XENDIT_EWALLET_CHANNEL_CODES[request.wallet];
    const exchange = {
      channel: request.wallet,
      externalId: request.externalId,
      path: '/ewallets/charges',
      idempotent: false as const,
      body: {
        reference_id: request.externalId,
        currency: 'IDR',
        amount: request.amount,
        checkout_method: 'ONE_TIME_PAYMENT',
        channel_code: channelCode,
        channel_properties: this.channelPropertiesFor(request),
      },
    };
    const { answer, status } = await this.send(exchange);
    // OVO pushes the charge to the borrower's app: whatever `actions` holds, there is nowhere to send them.
    const checkoutUrl = request.wallet === 'OVO' ? null : checkoutUrlOf(answer.actions);
    if (
      !this.describes(answer, exchange, request.amount, 'reference_id', 'charge_amount') ||
      (answer.currency !== undefined && answer.currency !== 'IDR') ||
      (answer.channel_code !== undefined && answer.channel_code !== channelCode) ||
      // Some wallets capture at once (SUCCEEDED); either way the callback, not this answer, says it was paid.
      (answer.status !== undefined && answer.status !== 'PENDING' && answer.status !== 'SUCCEEDED') ||
      (request.wallet !== 'OVO' && checkoutUrl === null)
    )
      throw this.failure('unexpected_answer', status, null, exchange);
    return {
      externalId: request.externalId,
      wallet: request.wallet,
      checkoutUrl,
      amount: request.amount,
      expiresAt: request.expiresAt,
    };
  }

  /**
   * OVO: the phone whose app gets the push, refused here (nothing sent, the number never logged) when it is missing
   * or not +62. DANA and ShopeePay: our return page for both outcomes; the phone, if any, is not sent.
   */
  private channelPropertiesFor(request: EwalletChargeRequest): Record<string, string> {
    if (request.wallet !== 'OVO')
      return { success_redirect_url: request.returnUrl, failure_redirect_url: request.returnUrl };
    const mobileNumber = request.mobileNumber;
    if (mobileNumber === null || !OVO_MOBILE_NUMBER.test(mobileNumber))
      throw this.failure('phone_not_usable', null, null, {
        channel: request.wallet,
        externalId: request.externalId,
      });
    return { mobile_number: mobileNumber };
  }

  private nameFor(displayName: string, channel: Exchange['channel'], externalId: string): string {
    const name = xenditName(displayName);
    if (!name) throw this.failure('name_not_usable', null, null, { channel, externalId });
    return name;
  }

  /**
   * Another external id or amount would be another code than the one we asked for: never show it as ours. The QR
   * API names them `reference_id` and `amount`.
   */
  private describes(
    answer: Record<string, unknown>,
    exchange: Exchange,
    amount: Rupiah,
    idField = 'external_id',
    amountField = 'expected_amount',
  ): boolean {
    return (
      answer[idField] === exchange.externalId &&
      (answer[amountField] === undefined || answer[amountField] === amount)
    );
  }

  private async send(exchange: Exchange): Promise<{ answer: Record<string, unknown>; status: number }> {
    let reply: ProviderAnswer;
    try {
      reply = await postToProvider(`${this.base}${exchange.path}`, {
        headers: {
          authorization: this.authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          ...idempotencyHeaders(exchange),
        },
        body: JSON.stringify(exchange.body),
        timeoutMs: this.config.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnreachableError)) throw error;
      throw this.failure(error.reason, null, null, exchange);
    }

    const status = reply.status;
    const answer = parseJsonObject(reply.body);
    // Upper-case letters and underscores only: a code never needs more, and nothing else of the answer is kept.
    const code =
      typeof answer?.error_code === 'string'
        ? answer.error_code.replace(/[^A-Z_]/g, '').slice(0, 60) || null
        : null;
    if (status >= 200 && status < 300) {
      if (!answer) throw this.failure('unexpected_answer', status, null, exchange);
      return { answer, status };
    }
    if (status >= 400 && status < 500 && code && DASHBOARD_CODES.has(code))
      throw this.failure('refused', status, code, exchange);
    if (status === 401 || status === 403) throw this.failure('credentials', status, code, exchange);
    if (status === 404) throw this.failure('wrong_address', status, code, exchange);
    if (status === 429) throw this.failure('rate_limited', status, code, exchange);
    if (status === 408 || status >= 500) throw this.failure('gateway_unavailable', status, code, exchange);
    if (status === 409 || code?.startsWith('DUPLICATE_'))
      throw this.failure('duplicate', status, code, exchange);
    if (status >= 400 && code) throw this.failure('refused', status, code, exchange);
    throw this.failure('unexpected_answer', status, code, exchange);
  }

  private failure(
    reason: XenditFailureReason,
    httpStatus: number | null,
    xenditCode: string | null,
    exchange: Pick<Exchange, 'channel' | 'externalId'>,
  ): XenditPaymentError {
    const fields = {
      provider: this.name,
      kind: this.kind,
      channel: exchange.channel,
      externalId: exchange.externalId,
      reason,
      ...(httpStatus ? { httpStatus } : {}),
      ...(xenditCode ? { xenditCode } : {}),
    };
    const log = this.deps.log;
    const operator =
      OPERATOR_FAULTS[reason] ??
      (xenditCode && OPERATOR_CODES[xenditCode]
        ? `Xendit refused the channel (${xenditCode}): ${OPERATOR_CODES[xenditCode]}`
        : undefined);
    if (operator) {
      if (log?.error) log.error(fields, operator);
      else log?.warn(fields, operator);
    } else log?.warn(fields, 'Xendit gave no payment code');
    const refused = reason === 'refused' || reason === 'name_not_usable' || reason === 'phone_not_usable';
    return refused
      ? new XenditRefusedError(reason, httpStatus, xenditCode)
      : new XenditPaymentError(reason, httpStatus, xenditCode);
  }
}

/**
 * Xendit's idempotency header: a retried create answers the first code instead of making a second. The dated APIs (QR
 * codes) name it `idempotency-key` and want their version; e-wallet charges have none (see the class comment).
 */
function idempotencyHeaders(exchange: Exchange): Record<string, string> {
  if (exchange.idempotent === false) return {};
  return exchange.apiVersion
    ? { 'api-version': exchange.apiVersion, 'idempotency-key': exchange.externalId }
    : { 'x-idempotency-key': exchange.externalId };
}

/**
 * Where a redirect wallet sends the borrower: its mobile page, else its app link, else its desktop page (DANA answers
 * pages, ShopeePay an app link). An https address; the app link may also be the wallet app's own scheme, never one a
 * browser runs, reads locally or sends in clear. Null when the one chosen is neither: never a fallback past it.
 */
function checkoutUrlOf(actions: unknown): string | null {
  if (!actions || typeof actions !== 'object') return null;
  const {
    mobile_web_checkout_url: mobileWeb,
    mobile_deeplink_checkout_url: appLink,
    desktop_web_checkout_url: desktopWeb,
  } = actions as Record<string, unknown>;
  const url = mobileWeb ?? appLink ?? desktopWeb;
  if (typeof url !== 'string' || !CHECKOUT_URL.test(url) || !URL.canParse(url)) return null;
  if (/^https:\/\//i.test(url) && new URL(url).protocol === 'https:') return url;
  const isAppLink = (mobileWeb === undefined || mobileWeb === null) && url === appLink;
  const scheme = APP_LINK_SCHEME.exec(url)?.[1]?.toLowerCase();
  return isAppLink && scheme && !UNSAFE_SCHEMES.has(scheme) && scheme !== 'https' ? url : null;
}

function mandiriCompanyCode(merchantCode: unknown): string {
  return typeof merchantCode === 'string' && /^\d{4,6}$/.test(merchantCode)
    ? merchantCode
    : XENDIT_MANDIRI_COMPANY_CODE;
}

/** Xendit's expiry is the one the bank, the store and the QR network enforce; ours when it sends none we can read. */
function expiryOf(answer: Record<string, unknown>, requested: Date, field = 'expiration_date'): Date {
  const text = answer[field];
  const ms = typeof text === 'string' ? Date.parse(text) : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms) : requested;
}
