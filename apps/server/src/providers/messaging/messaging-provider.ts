import type { ProviderDescriptor } from '../provider-descriptor.ts';

export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** One text message to a normalised phone (62...). */
export interface OutgoingMessage {
  /** `sms` when absent, so the SMS callers written before WhatsApp need not say it. */
  channel?: MessageChannel;
  to: string;
  text: string;
  /** The outbox message's idempotency key, for gateways that drop a repeated send of one reference. */
  reference?: string;
}

export interface SendReceipt {
  /** The gateway's id for the message, when it gives one (for support and delivery reports). */
  providerMessageId: string | null;
}

/** SMS and WhatsApp. Real gateways implement this; production refuses sandbox ones (production-guard.ts). */
export interface MessagingProvider extends ProviderDescriptor<'messaging'> {
  /** Resolves once the gateway accepted the message; throws a MessagingError otherwise. */
  send(message: OutgoingMessage): Promise<SendReceipt>;
}

export type MessagingFailureReason =
  /** The gateway refused the number (not a mobile number, not on WhatsApp ...). */
  | 'invalid_recipient'
  /** Wrong or disabled user key / pass key, or a caller address the gateway does not allow. */
  | 'credentials'
  /** No balance left, or the balance expired. */
  | 'insufficient_balance'
  /** Any other refusal the gateway answered. */
  | 'rejected'
  | 'rate_limited'
  /** 5xx: the gateway is down or failing. */
  | 'gateway_unavailable'
  | 'timeout'
  /** No answer at all: DNS, refused or reset connection. */
  | 'network'
  /** An answer we cannot read (not JSON, a redirect ...). */
  | 'unexpected_answer';

export interface MessagingErrorDetails {
  httpStatus?: number;
  /** How many requests were made before giving up. */
  attempts?: number;
  /** The gateway's own words, already stripped of digits and keys (see ZenzivaMessagingProvider). */
  gatewayText?: string;
  /** The gateway asked us to wait this long (429 Retry-After). */
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * A message that was not sent. `retryable` says whether trying again later can help (a timeout, a 5xx) or cannot
 * (a refused number, wrong keys). Its message and fields never hold the phone, the text or the gateway's keys, so it
 * can be logged as it is.
 */
export class MessagingError extends Error {
  override readonly name = 'MessagingError';
  readonly httpStatus: number | undefined;
  readonly attempts: number;
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly provider: string,
    readonly channel: MessageChannel,
    readonly reason: MessagingFailureReason,
    readonly retryable: boolean,
    details: MessagingErrorDetails = {},
  ) {
    const status = details.httpStatus === undefined ? '' : ` (HTTP ${details.httpStatus})`;
    const tries = (details.attempts ?? 1) > 1 ? ` after ${details.attempts} attempts` : '';
    const text = details.gatewayText ? `: ${details.gatewayText}` : '';
    super(`${provider} ${channel} message not sent${tries}: ${reason}${status}${text}`, {
      cause: details.cause,
    });
    this.httpStatus = details.httpStatus;
    this.attempts = details.attempts ?? 1;
    this.retryAfterMs = details.retryAfterMs;
  }
}
