/** One text message to a normalised phone (62...). */
export interface SmsMessage {
  to: string;
  text: string;
  /** The outbox message's idempotency key, for gateways that drop a repeated send of one reference. */
  reference?: string;
}

/**
 * Where SMS go. Real gateways implement this; production refuses sandbox ones (production-guard.ts). Only the outbox's
 * delivery job calls `send` (jobs/outbox-service.ts): requests write messages to the outbox instead.
 */
export interface SmsProvider {
  readonly name: string;
  /** True when messages are not delivered to phones. */
  readonly sandbox: boolean;
  send(message: SmsMessage): Promise<void>;
}
