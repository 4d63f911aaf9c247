/** One text message to a normalised phone (62...). */
export interface SmsMessage {
  to: string;
  text: string;
  /** The verification code in the text, kept only by the dev outbox so browser tests can read it. */
  code?: string;
}

/** Where SMS go. Real gateways implement this; production refuses sandbox ones (production-guard.ts). */
export interface SmsProvider {
  readonly name: string;
  /** True when messages are not delivered to phones. */
  readonly sandbox: boolean;
  send(message: SmsMessage): Promise<void>;
}
