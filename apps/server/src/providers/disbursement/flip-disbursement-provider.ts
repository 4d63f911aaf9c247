import type { DisbursementFailure } from '@kaskita/domain/contract/loans';
import { jakartaLocalIso, systemClock, type Clock } from '../../clock.ts';
import { FLIP_BANK_CODES, isFlipSandboxUrl } from '../account-inquiry/flip-account-inquiry-provider.ts';
import type { ProviderLog } from '../provider-descriptor.ts';
import {
  basicAuthorization,
  parseJsonObject,
  postToProvider,
  ProviderUnreachableError,
  type ProviderAnswer,
} from '../provider-http.ts';
import {
  DisbursementRefusedError,
  type DisbursementAccepted,
  type DisbursementProvider,
  type DisbursementRequest,
} from './disbursement-provider.ts';

export interface FlipDisbursementConfig {
  /** FLIP_BASE_URL: Flip's API v2 address (the account inquiry's); the disbursement is its v3 sibling. */
  baseUrl: string;
  /** Flip for Business secret key: the Basic auth user name, with an empty password. */
  secretKey: string;
  /** Per request, answer included. A timed-out request is asked again by the job, with the same idempotency key. */
  timeoutMs: number;
}

export interface FlipDisbursementDependencies {
  log?: ProviderLog;
  /** For X-TIMESTAMP; the system clock unless injected. */
  clock?: Clock;
}

/**
 * Flip's disbursement exists in API v3 only (v3 made the idempotency key mandatory), while FLIP_BASE_URL names the v2
 * API the account inquiry uses. Flip publishes both versions side by side under the same prefix
 * (`https://bigflip.id/api/v2` and `/api/v3`, `https://bigflip.id/big_sandbox_api/v2` and `/v3`), so the v3 base is
 * FLIP_BASE_URL with its last path segment `v2` replaced by `v3`. An address not ending in `/v2` is refused rather
 * than guessed at (env.ts checks it at start-up too).
 */
export function flipV3BaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/v2'))
    throw new Error(
      "FLIP_BASE_URL must be Flip's API v2 address, ending in /v2 (e.g. https://bigflip.id/api/v2)",
    );
  return `${url.origin}${path.slice(0, -'/v2'.length)}/v3`;
}

/**
 * The transfer's remark ("berita transfer"): Flip accepts 1-18 letters, digits, spaces and `.-/()`. Anything else
 * becomes a space and a longer text is cut at the last whole word within 18, so `KasKita 1a2b3c4d BCA` is sent as
 * `KasKita 1a2b3c4d`. Null (no remark sent) when nothing is left.
 */
export function flipRemark(description: string): string | null {
  const clean = description
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= FLIP_REMARK_MAX) return clean || null;
  const head = clean.slice(0, FLIP_REMARK_MAX + 1);
  const lastSpace = head.lastIndexOf(' ');
  return (lastSpace > 0 ? head.slice(0, lastSpace) : clean.slice(0, FLIP_REMARK_MAX)).trim();
}

const FLIP_REMARK_MAX = 18;

/** Why a request did not get an answer we can use; each is retried by the job with the same idempotency key. */
export type FlipDisbursementRetryReason =
  | 'timeout'
  | 'network'
  | 'credentials'
  | 'rate_limited'
  | 'gateway_unavailable'
  | 'balance_insufficient'
  | 'temporarily_refused'
  | 'wrong_address'
  | 'unexpected_answer';

/** Faults only an operator can fix (our key, our address, our balance): logged as errors. */
const OPERATOR_FAULTS: Partial<Record<FlipDisbursementRetryReason, string>> = {
  credentials: 'Flip refused our secret key: configuration error, check FLIP_SECRET_KEY and FLIP_BASE_URL',
  wrong_address: 'Flip does not know the disbursement address: check FLIP_BASE_URL',
  balance_insufficient: 'Flip balance is insufficient for a disbursement: top up the Flip account',
};

/**
 * Flip did not accept the request, or we cannot tell whether it did; asking again with the same idempotency key is
 * safe and may succeed. The message names the reason and HTTP status only.
 */
export class FlipDisbursementError extends Error {
  override name = 'FlipDisbursementError';
  constructor(
    readonly reason: FlipDisbursementRetryReason,
    readonly httpStatus: number | null,
    readonly flipCode: string | null = null,
  ) {
    super(
      `Flip disbursement not accepted: ${reason}${httpStatus ? ` (HTTP ${httpStatus}${flipCode ? `, Flip code ${flipCode}` : ''})` : ''}`,
    );
  }
}

/**
 * Flip refused the request for good (a 4xx that names the request's fault): Flip's error code and the attribute it
 * names, never its message (which may quote the account number).
 */
export class FlipDisbursementRefusedError extends DisbursementRefusedError {
  override name = 'FlipDisbursementRefusedError';
  constructor(
    readonly httpStatus: number | null,
    /** Flip's inner error code (`1025`), its outer code (`VALIDATION_ERROR`) when it gives none, or ours. */
    readonly flipCode: string,
    readonly attribute: string | null,
    failure: DisbursementFailure,
  ) {
    super(
      `Flip refused the disbursement: code ${flipCode}${attribute ? ` on ${attribute}` : ''}${httpStatus ? ` (HTTP ${httpStatus})` : ''}`,
      failure,
    );
  }
}

/**
 * Flip's 422 inner codes that say "not now" rather than "never": our balance (1035), Flip's daily and active limits
 * (1074, 1080), the bank in severe disturbance or past its cut-off (1088, 1093), a request Flip saw too late (1094,
 * X-TIMESTAMP over a minute old: not processed, so safe to send again).
 */
const TEMPORARY_CODES = new Set(['1035', '1074', '1080', '1088', '1093', '1094']);

/**
 * Codes that blame the account: an invalid or virtual account number (1025), one suspected of fraud (1026), a closed
 * one (1027), a Flip account (1089). The borrower must give another account, as for a closed one.
 */
const ACCOUNT_CODES = new Set(['1025', '1026', '1027', '1089']);

interface FlipValidationError {
  attribute?: unknown;
  code?: unknown;
}

/**
 * Flip for Business disbursement ("Money Transfer"), API v3:
 *
 *   POST {v3 base}/disbursement          form fields account_number, bank_code (Flip's), amount, remark (optional)
 *   headers  Authorization: Basic <secret key>:  (empty password), idempotency-key: <our try id>,
 *            X-TIMESTAMP: <now, ISO 8601 in +0700> (Flip refuses a request over a minute old, code 1094)
 *   answer   the disbursement object {"id","amount","status":"PENDING","reason","bank_code","idempotency_key",...}
 *   errors   401 (key), 422 {"code":"VALIDATION_ERROR"|"BALANCE_INSUFFICIENT","errors":[{"attribute","code","message"}]}
 *
 * The outcome (DONE or CANCELLED) arrives by callback (modules/loans/flip-disbursement-callback-endpoint.ts).
 *
 * Paying once: the idempotency key is our try's id, so every retry of one try (the job's, after a time-out or a 5xx)
 * is the same disbursement at Flip, which answers the first one again. Flip's own guidance is to retry with the same
 * key until it answers PENDING, DONE or CANCELLED; a new key is a new transfer.
 *
 *   answered 2xx with an id                               accepted: { providerReference: String(id), PENDING }
 *   time-out, network error, 5xx, 429, 408, 409           FlipDisbursementError (retry, same key)
 *   401/403 (our key), 404 (our address)                  FlipDisbursementError, logged as an error
 *   422 balance, limits, bank cut-off/disturbance, stale  FlipDisbursementError (retry later)
 *   any other 4xx                                         FlipDisbursementRefusedError with Flip's code:
 *                                                         ACCOUNT_CLOSED for an account fault, REJECTED otherwise
 *   a bank without a Flip code (FLIP_BANK_CODES)          FlipDisbursementRefusedError `bank_not_mapped`, unsent
 *
 * Flip takes no holder name: the name was checked by the account inquiry when the borrower saved the account.
 *
 * Nothing personal or secret is logged or put in an error: log lines carry our bank code, our try id, the reason,
 * the HTTP status and Flip's codes; never the account number, the holder's name, the remark, Flip's messages or the
 * key. Redirects are not followed, so the key goes nowhere we did not choose.
 */
export class FlipDisbursementProvider implements DisbursementProvider {
  readonly kind = 'disbursement';
  readonly name = 'flip';
  readonly sandbox: boolean;
  private readonly url: string;
  private readonly authorization: string;
  private readonly clock: Clock;

  constructor(
    private readonly config: FlipDisbursementConfig,
    private readonly deps: FlipDisbursementDependencies = {},
  ) {
    this.sandbox = isFlipSandboxUrl(config.baseUrl);
    this.url = `${flipV3BaseUrl(config.baseUrl)}/disbursement`;
    this.authorization = basicAuthorization(config.secretKey);
    this.clock = deps.clock ?? systemClock;
  }

  async disburse(request: DisbursementRequest): Promise<DisbursementAccepted> {
    const bank = request.bankCode;
    const context = { bank, externalId: request.externalId };
    const flipBank = Object.hasOwn(FLIP_BANK_CODES, bank) ? FLIP_BANK_CODES[bank] : undefined;
    if (!flipBank) {
      this.deps.log?.warn(
        { provider: this.name, kind: this.kind, ...context, reason: 'bank_not_mapped' },
        'disbursement not sent: the bank has no Flip code',
      );
      throw new FlipDisbursementRefusedError(null, 'bank_not_mapped', 'bank_code', 'REJECTED');
    }

    const form = new URLSearchParams({
      account_number: request.accountNumber,
      bank_code: flipBank,
      amount: String(request.amount),
    });
    const remark = flipRemark(request.description);
    if (remark) form.set('remark', remark);

    let reply: ProviderAnswer;
    try {
      reply = await postToProvider(this.url, {
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'idempotency-key': request.externalId,
          'x-timestamp': jakartaTimestamp(this.clock.now()),
        },
        body: form,
        timeoutMs: this.config.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnreachableError)) throw error;
      throw this.retry(error.reason, null, null, context);
    }

    const httpStatus = reply.status;
    const answer = parseJsonObject(reply.body);
    if (httpStatus >= 200 && httpStatus < 300) return this.accepted(answer, httpStatus, request, context);
    if (httpStatus === 401 || httpStatus === 403) throw this.retry('credentials', httpStatus, null, context);
    if (httpStatus === 429) throw this.retry('rate_limited', httpStatus, null, context);
    // A conflict on the idempotency key (the first request still being processed) is never a second transfer.
    if (httpStatus === 409) throw this.retry('temporarily_refused', httpStatus, null, context);
    if (httpStatus === 408 || httpStatus >= 500)
      throw this.retry('gateway_unavailable', httpStatus, null, context);
    if (httpStatus === 404) throw this.retry('wrong_address', httpStatus, null, context);
    if (httpStatus < 400) throw this.retry('unexpected_answer', httpStatus, null, context);
    throw this.refusal(answer, httpStatus, context);
  }

  private accepted(
    answer: Record<string, unknown> | null,
    httpStatus: number,
    request: DisbursementRequest,
    context: Record<string, unknown>,
  ): DisbursementAccepted {
    const id = answer?.id;
    // Flip's ids were integers; its 2025 id format change may make them strings, so both are read.
    const reference =
      typeof id === 'number' && Number.isSafeInteger(id) && id > 0
        ? String(id)
        : typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id)
          ? id
          : null;
    const key = answer?.idempotency_key;
    // Another key would be another transfer than the one we asked about: never record it as ours.
    if (!reference || (typeof key === 'string' && key !== request.externalId))
      throw this.retry('unexpected_answer', httpStatus, null, context);
    return { externalId: request.externalId, providerReference: reference, status: 'PENDING' };
  }

  private refusal(
    answer: Record<string, unknown> | null,
    httpStatus: number,
    context: Record<string, unknown>,
  ): Error {
    const outer = typeof answer?.code === 'string' ? answer.code.replace(/[^A-Z_]/g, '').slice(0, 40) : '';
    const errors = Array.isArray(answer?.errors) ? (answer.errors as FlipValidationError[]) : [];
    // Attribute names and codes only: Flip's messages may quote what we sent.
    const first = errors[0];
    const attribute =
      typeof first?.attribute === 'string' ? first.attribute.replace(/[^a-z_-]/g, '').slice(0, 40) : null;
    const inner =
      typeof first?.code === 'number' || typeof first?.code === 'string'
        ? String(first.code)
            .replace(/[^0-9A-Za-z_]/g, '')
            .slice(0, 10)
        : '';
    const codes = errors.map((e) => String(e?.code ?? ''));
    if (outer === 'BALANCE_INSUFFICIENT' || codes.includes('1035'))
      return this.retry('balance_insufficient', httpStatus, inner || outer, context);
    if (codes.length > 0 && codes.every((code) => TEMPORARY_CODES.has(code)))
      return this.retry('temporarily_refused', httpStatus, inner, context);
    const flipCode = inner || outer || `http_${httpStatus}`;
    const failure: DisbursementFailure = codes.some((code) => ACCOUNT_CODES.has(code))
      ? 'ACCOUNT_CLOSED'
      : 'REJECTED';
    this.deps.log?.warn(
      { provider: this.name, kind: this.kind, ...context, httpStatus, flipCode, attribute, failure },
      'Flip refused the disbursement',
    );
    return new FlipDisbursementRefusedError(httpStatus, flipCode, attribute, failure);
  }

  private retry(
    reason: FlipDisbursementRetryReason,
    httpStatus: number | null,
    flipCode: string | null,
    context: Record<string, unknown>,
  ): FlipDisbursementError {
    const fields = {
      provider: this.name,
      kind: this.kind,
      ...context,
      reason,
      ...(httpStatus ? { httpStatus } : {}),
      ...(flipCode ? { flipCode } : {}),
    };
    const log = this.deps.log;
    const operator = OPERATOR_FAULTS[reason];
    if (operator) {
      if (log?.error) log.error(fields, operator);
      else log?.warn(fields, operator);
    } else log?.warn(fields, 'disbursement not accepted by Flip; the job asks again with the same key');
    return new FlipDisbursementError(reason, httpStatus, flipCode);
  }
}

/** `2026-03-02T10:00:00+0700`: the X-TIMESTAMP form of Flip's example (ISO 8601, Jakarta time). */
function jakartaTimestamp(now: Date): string {
  return `${jakartaLocalIso(now)}+0700`;
}
