/** Every kind of outside service the app talks to through a provider (architecture.md, providers/<kind>/). */
export const PROVIDER_KINDS = [
  'messaging',
  'payment-gateway',
  'disbursement',
  'account-inquiry',
  'credit-bureau',
  'ocr',
  'face-check',
  'liveness',
  'storage',
  'analytics',
] as const;

export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** What a provider says about itself: enough for the production guard to refuse a sandbox. */
export interface ProviderDescriptor<K extends ProviderKind = ProviderKind> {
  readonly kind: K;
  /** The configured name, e.g. `zenziva` or `dev-outbox`. */
  readonly name: string;
  /** True when nothing reaches a real person, bank or bureau (dev outbox, sandboxes). Refused in production. */
  readonly sandbox: boolean;
}

/** The part of a logger providers use (pino's and Fastify's loggers fit). Never pass phones, texts or keys to it. */
export interface ProviderLog {
  warn(fields: Record<string, unknown>, message: string): void;
  /** For a fault only an operator can fix (a refused key); loggers without it get a warning instead. */
  error?(fields: Record<string, unknown>, message: string): void;
}
