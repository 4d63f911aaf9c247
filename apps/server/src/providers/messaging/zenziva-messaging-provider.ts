import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderLog } from '../provider-descriptor.ts';
import {
  MessagingError,
  type MessageChannel,
  type MessagingErrorDetails,
  type MessagingFailureReason,
  type MessagingProvider,
  type OutgoingMessage,
  type SendReceipt,
} from './messaging-provider.ts';

export interface ZenzivaCredentials {
  userkey: string;
  passkey: string;
}

export interface ZenzivaConfig {
  /** `https://console.zenziva.net`; tests point it at a local server. */
  baseUrl: string;
  sms: ZenzivaCredentials;
  /** Zenziva sells WhatsApp as a separate console product, which may have its own keys. */
  whatsapp: ZenzivaCredentials;
  /** Per request, body included. */
  timeoutMs: number;
  /** Requests per message, the first included (1 = never retry). */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled for each further attempt, with jitter. */
  retryDelayMs: number;
}

export interface ZenzivaDependencies {
  log?: ProviderLog;
  /** Injected by tests to observe backoff without waiting. */
  sleep?: (ms: number) => Promise<void>;
}

const PATHS: Record<MessageChannel, string> = {
  sms: '/reguler/api/sendsms/',
  whatsapp: '/wareguler/api/sendWA/',
};

/** A 429 asking for a longer wait than this is not worth holding the borrower's request for. */
const MAX_RETRY_AFTER_MS = 5_000;

interface ZenzivaAnswer {
  status?: unknown;
  text?: unknown;
  messageId?: unknown;
}

/** The gateway's refusal text to a reason: Zenziva publishes texts, not codes (see the class below). */
export function reasonOfGatewayText(text: string): MessagingFailureReason {
  const t = text.toLowerCase();
  if (/user ?key|pass ?key|api ?key|unauthori[sz]ed|ip\b.*(tidak|not|whitelist)|akses ditolak/.test(t))
    return 'credentials';
  if (/saldo|kredit|credit|balance|kuota|quota|masa aktif|expired|kedaluwarsa|kadaluarsa/.test(t))
    return 'insufficient_balance';
  if (/nomor|number|tujuan|recipient|msisdn|penerima|whatsapp/.test(t)) return 'invalid_recipient';
  return 'rejected';
}

/**
 * Zenziva (https://www.zenziva.id), an Indonesian SMS and WhatsApp gateway, through its documented "reguler" HTTP API
 * (https://www.zenziva.id/dokumentasi/):
 *
 *   POST {base}/reguler/api/sendsms/    SMS reguler
 *   POST {base}/wareguler/api/sendWA/   WhatsApp reguler
 *   fields  userkey, passkey, to, message            (posted as form fields, as in the documentation's samples)
 *   answer  {"messageId":"157365","to":"081111111111","status":"1","text":"Success"}
 *   refusal {"status":"0","text":"Userkey atau Passkey Salah"}   (the same shape, sometimes with HTTP 400)
 *
 * Zenziva documents its refusals as free text, not a closed list of codes, so the reason is read from keywords of the
 * text (Indonesian and English). Every refusal is final: only an answer that never came (network, timeout) or a
 * failing gateway (5xx, 429) is retried.
 *
 * Retries and duplicates: after a timeout, a connection dropped mid-answer or a 5xx the gateway may already have sent
 * the message, so a retry can deliver it twice. We accept that for the few attempts configured (ZENZIVA_MAX_ATTEMPTS,
 * default 2): the retry resends the very same text, so a borrower at worst receives the same code twice, never two
 * different codes, and the alternative is a borrower who receives nothing and waits out the cooldown. Refusals, unreadable answers and
 * redirects are never retried, since a retry could only repeat the refusal or double-send. When sending moves to a
 * job with its own retries, set ZENZIVA_MAX_ATTEMPTS=1 and let the job retry on `MessagingError.retryable`.
 *
 * Nothing personal or secret leaves this class: errors and log lines carry the channel, the reason, the HTTP status
 * and the gateway's text stripped of digits and keys, never the phone, the message text or the keys. The keys travel
 * in the POST body only, never in a URL that a proxy could log.
 */
export class ZenzivaMessagingProvider implements MessagingProvider {
  readonly kind = 'messaging';
  readonly name = 'zenziva';
  readonly sandbox = false;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly config: ZenzivaConfig,
    private readonly deps: ZenzivaDependencies = {},
  ) {
    this.sleep = deps.sleep ?? ((ms) => sleep(ms));
  }

  async send(message: OutgoingMessage): Promise<SendReceipt> {
    const channel = message.channel ?? 'sms';
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(channel, message, attempt);
      } catch (error) {
        if (!(error instanceof MessagingError) || !error.retryable || attempt >= this.config.maxAttempts)
          throw error;
        const delay = error.retryAfterMs ?? this.backoff(attempt);
        if (delay > MAX_RETRY_AFTER_MS) throw error;
        this.deps.log?.warn(
          {
            provider: this.name,
            channel,
            attempt,
            reason: error.reason,
            httpStatus: error.httpStatus,
            delay,
          },
          'message not sent, retrying',
        );
        await this.sleep(delay);
      }
    }
  }

  private backoff(attempt: number): number {
    const base = this.config.retryDelayMs * 2 ** (attempt - 1);
    // Jitter, so many senders failing together do not retry together.
    return Math.round(base * (0.5 + Math.random() / 2));
  }

  private async attempt(
    channel: MessageChannel,
    message: OutgoingMessage,
    attempt: number,
  ): Promise<SendReceipt> {
    const keys = channel === 'sms' ? this.config.sms : this.config.whatsapp;
    const fail = (
      reason: MessagingFailureReason,
      retryable: boolean,
      extra: Omit<MessagingErrorDetails, 'attempts'> = {},
    ) => new MessagingError(this.name, channel, reason, retryable, { attempts: attempt, ...extra });

    let response: Response;
    let body: string;
    try {
      response = await fetch(new URL(PATHS[channel], this.config.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          userkey: keys.userkey,
          passkey: keys.passkey,
          to: message.to,
          message: message.text,
        }),
        // A redirect would resend the keys somewhere we did not choose.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      // fetch's own error ("fetch failed", the socket error as cause) holds no request data: safe to keep.
      throw fail(timedOut ? 'timeout' : 'network', true, { cause: error });
    }

    const httpStatus = response.status;
    if (httpStatus === 429) {
      const retryAfterMs = retryAfter(response.headers.get('retry-after'));
      throw fail('rate_limited', true, {
        httpStatus,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    if (httpStatus >= 500) throw fail('gateway_unavailable', true, { httpStatus });

    const answer = parseAnswer(body);
    if (httpStatus >= 200 && httpStatus < 300 && answer && String(answer.status) === '1') {
      const id = answer.messageId;
      return { providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : null };
    }
    if (httpStatus >= 300 && httpStatus < 400) throw fail('unexpected_answer', false, { httpStatus });
    if (!answer) {
      if (httpStatus === 401 || httpStatus === 403) throw fail('credentials', false, { httpStatus });
      throw fail('unexpected_answer', false, { httpStatus });
    }
    const text = typeof answer.text === 'string' ? answer.text : '';
    const reason = httpStatus === 401 || httpStatus === 403 ? 'credentials' : reasonOfGatewayText(text);
    throw fail(reason, false, { httpStatus, gatewayText: this.clean(text) });
  }

  /** The gateway's text without anything that could be a phone, a code or one of our keys. */
  private clean(text: string): string {
    let cleaned = text;
    for (const keys of [this.config.sms, this.config.whatsapp])
      for (const key of [keys.userkey, keys.passkey]) if (key) cleaned = cleaned.split(key).join('[key]');
    return cleaned
      .replace(/\d+/g, '#')
      .replace(/[^\p{L}\p{N}#[\] .,:;!?'()/-]/gu, '')
      .slice(0, 80);
  }
}

function parseAnswer(body: string): ZenzivaAnswer | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ZenzivaAnswer) : null;
  } catch {
    return null;
  }
}

/** Retry-After in seconds (the HTTP-date form is not worth supporting for a few seconds' wait). */
function retryAfter(header: string | null): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim()) * 1000;
}
