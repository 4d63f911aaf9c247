import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderLog } from '../provider-descriptor.ts';
import {
  basicAuthorization,
  parseJsonObject,
  postToProvider,
  ProviderUnreachableError,
  type ProviderAnswer,
} from '../provider-http.ts';
import type {
  AccountInquiryProvider,
  AccountInquiryResult,
  BankAccount,
  InquiryHints,
} from './account-inquiry-provider.ts';

export const FLIP_PRODUCTION_BASE_URL = 'https://bigflip.id/api/v2';
export const FLIP_SANDBOX_BASE_URL = 'https://bigflip.id/big_sandbox_api/v2';

export interface FlipConfig {
  /** FLIP_PRODUCTION_BASE_URL, FLIP_SANDBOX_BASE_URL, or a local server in tests. */
  baseUrl: string;
  /** Flip for Business secret key: the Basic auth user name, with an empty password. */
  secretKey: string;
  /** Per request, answer included. */
  timeoutMs: number;
  /** Requests after a PENDING answer before giving up (0 = ask once). */
  pendingRetries: number;
  /** Wait before asking again after a PENDING answer. */
  pendingRetryDelayMs: number;
}

export interface FlipDependencies {
  log?: ProviderLog;
  /** Injected by tests to observe the waits on PENDING without waiting. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Our bank codes (packages/domain banking/banks.ts) to Flip's. Flip documents its codes only in its dashboard's bank
 * list; these come from Flip's own published integrations (its WooCommerce plugin's destination-bank list) and must be
 * checked against the bank list of our Flip account before go-live. Several are a bank's former name at Flip: BSI is
 * still `bsm` (Bank Syariah Mandiri), Maybank `bii`, BTPN `tabungan_pensiunan_nasional`, Jago `artos`, SeaBank
 * `kesejahteraan_ekonomi` (Bank BKE), Neo Commerce `yudha_bakti`, Allo `harda`. A bank missing here answers
 * `unavailable` rather than being sent under a guessed code.
 */
export const FLIP_BANK_CODES: Readonly<Record<string, string>> = {
  BCA: 'bca',
  BRI: 'bri',
  BNI: 'bni',
  MANDIRI: 'mandiri',
  BSI: 'bsm',
  BTN: 'btn',
  CIMB: 'cimb',
  PERMATA: 'permata',
  DANAMON: 'danamon',
  PANIN: 'panin',
  OCBC: 'ocbc',
  MAYBANK: 'bii',
  MEGA: 'mega',
  BJB: 'bjb',
  BANK_DKI: 'dki',
  BANK_JATIM: 'jawa_timur',
  SINARMAS: 'sinarmas',
  BTPN: 'tabungan_pensiunan_nasional',
  JAGO: 'artos',
  SEABANK: 'kesejahteraan_ekonomi',
  NEO: 'yudha_bakti',
  ALLO: 'harda',
  // E-wallets, whose account number is the registered phone (08...): Flip's money transfer sends to them under these
  // codes (its destination list's e-wallet section), and its account inquiry names their holder like a bank's.
  DANA: 'dana',
  OVO: 'ovo',
  GOPAY: 'gopay',
  SHOPEEPAY: 'shopeepay',
  LINKAJA: 'linkaja',
};

/** Flip's sandbox answers made-up holders and reaches no bank, so a provider pointed at it is a sandbox. */
export function isFlipSandboxUrl(baseUrl: string): boolean {
  return new URL(baseUrl).pathname.split('/').includes('big_sandbox_api');
}

type UnavailableReason =
  | 'bank_not_mapped'
  | 'timeout'
  | 'network'
  | 'credentials'
  | 'rate_limited'
  | 'gateway_unavailable'
  | 'validation_error'
  | 'unexpected_answer'
  | 'bank_failed'
  | 'still_pending';

/** One request's outcome: a final answer, or PENDING (ask again). */
type Outcome = AccountInquiryResult | { status: 'pending' };

const UNAVAILABLE = { status: 'unavailable' } as const;
const NOT_FOUND = { status: 'not_found' } as const;

interface FlipAnswer {
  status?: unknown;
  account_holder?: unknown;
}

interface FlipValidationError {
  attribute?: unknown;
  code?: unknown;
}

/**
 * Flip for Business (https://flip.id/business) account inquiry, API v2:
 *
 *   POST {base}/disbursement/bank-account-inquiry     form fields account_number, bank_code (Flip's codes)
 *   auth    HTTP Basic, the secret key as user name and an empty password
 *   answer  {"bank_code","account_number","account_holder","status","inquiry_key"}
 *   errors  401 (key refused), 422 {"code":"VALIDATION_ERROR","errors":[{"attribute","code","message"}]}
 *
 * Flip's statuses, as the borrower's bank step needs them:
 *   SUCCESS, SUSPECTED_ACCOUNT (fraud suspected, disbursement still possible)  found, the suspicion logged
 *   INVALID_ACCOUNT_NUMBER, CLOSED, BLACK_LISTED (confirmed fraud)             not_found, blacklisting logged
 *   FAILED (the bank errored or timed out), anything unreadable               unavailable: ask later
 *   PENDING                                                                   asked again, then unavailable
 *
 * PENDING: Flip is still asking the bank and sends the final answer to a callback, which we have not built (the
 * borrower is waiting for this answer now). Flip caches the result per account, so asking again a second or two later
 * usually answers at once; after `pendingRetries` the borrower is told to try again in a few minutes (4272).
 *
 * A 422 naming `account_number` is Flip saying no bank could hold such a number: not_found. Any other 422 (bank_code)
 * means our table above is wrong, so it is unavailable and logged for us to fix, not blamed on the borrower.
 *
 * `inquiry_key` is not sent: it only ties a callback to its request, and we take no callback.
 *
 * Nothing personal or secret leaves this class: log lines carry our bank code, Flip's status, the reason and the HTTP
 * status, never the account number, the holder's name, Flip's error messages (they may quote the input) or the key.
 * The key travels in the Authorization header only, and redirects are not followed, so it goes nowhere we did not
 * choose.
 */
export class FlipAccountInquiryProvider implements AccountInquiryProvider {
  readonly kind = 'account-inquiry';
  readonly name = 'flip';
  readonly sandbox: boolean;
  private readonly url: string;
  private readonly authorization: string;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly config: FlipConfig,
    private readonly deps: FlipDependencies = {},
  ) {
    this.sandbox = isFlipSandboxUrl(config.baseUrl);
    // Appended, not resolved: `new URL(path, base)` would drop the base's last segment (`v2`).
    this.url = `${config.baseUrl.replace(/\/+$/, '')}/disbursement/bank-account-inquiry`;
    this.authorization = basicAuthorization(config.secretKey);
    this.sleep = deps.sleep ?? ((ms) => sleep(ms));
  }

  // The hints are not read: the bank answers the true holder, and the caller compares names.
  async inquireAccount(account: BankAccount, _hints?: InquiryHints): Promise<AccountInquiryResult> {
    const bank = account.bankCode;
    const flipBank = Object.hasOwn(FLIP_BANK_CODES, bank) ? FLIP_BANK_CODES[bank] : undefined;
    if (!flipBank) return this.unavailable('bank_not_mapped', { bank });

    for (let attempt = 1; ; attempt++) {
      const outcome = await this.ask(bank, flipBank, account.accountNumber, attempt);
      if (outcome.status !== 'pending') return outcome;
      if (attempt > this.config.pendingRetries) return this.unavailable('still_pending', { bank, attempt });
      await this.sleep(this.config.pendingRetryDelayMs);
    }
  }

  private async ask(
    bank: string,
    flipBank: string,
    accountNumber: string,
    attempt: number,
  ): Promise<Outcome> {
    let answer: ProviderAnswer;
    try {
      answer = await postToProvider(this.url, {
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ account_number: accountNumber, bank_code: flipBank }),
        timeoutMs: this.config.timeoutMs,
      });
    } catch (error) {
      if (!(error instanceof ProviderUnreachableError)) throw error;
      return this.unavailable(error.reason, { bank, attempt });
    }
    const body = answer.body;

    const httpStatus = answer.status;
    const context = { bank, attempt, httpStatus };
    if (httpStatus === 401 || httpStatus === 403) return this.unavailable('credentials', context);
    if (httpStatus === 429) return this.unavailable('rate_limited', context);
    if (httpStatus >= 500) return this.unavailable('gateway_unavailable', context);
    if (httpStatus === 422) return this.validationRefusal(body, context);
    if (httpStatus < 200 || httpStatus >= 300) return this.unavailable('unexpected_answer', context);

    const flip = parseJsonObject(body) as FlipAnswer | null;
    const status = typeof flip?.status === 'string' ? flip.status : null;
    switch (status) {
      case 'SUCCESS':
      case 'SUSPECTED_ACCOUNT': {
        const holder = typeof flip?.account_holder === 'string' ? flip.account_holder.trim() : '';
        if (!holder) return this.unavailable('unexpected_answer', { ...context, flipStatus: status });
        if (status === 'SUSPECTED_ACCOUNT')
          this.deps.log?.warn(
            { provider: this.name, bank, flipStatus: status },
            'Flip suspects this bank account of fraud; accepted, since Flip still disburses to it',
          );
        return { status: 'found', accountHolderName: holder };
      }
      case 'INVALID_ACCOUNT_NUMBER':
      case 'CLOSED':
        return NOT_FOUND;
      case 'BLACK_LISTED':
        this.deps.log?.warn(
          { provider: this.name, bank, flipStatus: status },
          'Flip has blacklisted this bank account for confirmed fraud; refused as not found',
        );
        return NOT_FOUND;
      case 'PENDING':
        return { status: 'pending' };
      case 'FAILED':
        return this.unavailable('bank_failed', { ...context, flipStatus: status });
      default:
        return this.unavailable('unexpected_answer', {
          ...context,
          ...(status ? { flipStatus: status.replace(/[^A-Z_]/g, '').slice(0, 40) } : {}),
        });
    }
  }

  private validationRefusal(body: string, context: Record<string, unknown>): AccountInquiryResult {
    const errors = parseJsonObject(body)?.errors;
    // Attribute names and numeric codes only: Flip's messages may quote what we sent.
    const refused = (Array.isArray(errors) ? (errors as FlipValidationError[]) : []).map((e) => ({
      attribute: typeof e?.attribute === 'string' ? e.attribute.replace(/[^a-z_]/g, '').slice(0, 40) : null,
      code: typeof e?.code === 'number' || typeof e?.code === 'string' ? String(e.code).slice(0, 10) : null,
    }));
    if (refused.length > 0 && refused.every((e) => e.attribute === 'account_number')) return NOT_FOUND;
    return this.unavailable('validation_error', { ...context, refused });
  }

  private unavailable(reason: UnavailableReason, context: Record<string, unknown>): AccountInquiryResult {
    const fields = { provider: this.name, reason, ...context };
    const log = this.deps.log;
    if (reason === 'credentials') {
      const message =
        'Flip refused our secret key: configuration error, check FLIP_SECRET_KEY and FLIP_BASE_URL';
      if (log?.error) log.error(fields, message);
      else log?.warn(fields, message);
    } else log?.warn(fields, 'bank account check unavailable');
    return UNAVAILABLE;
  }
}
