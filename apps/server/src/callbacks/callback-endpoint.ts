import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import type { CallbackVerifier } from './callback-verifiers.ts';

/** One provider event, as the inbox and the handler see it. */
export interface CallbackEvent<P> {
  /** The provider's id of this event: a retry repeats it, a new event never does. */
  eventId: string;
  type: string;
  occurredAt?: Date;
  payload: P;
}

/** 'applied': the handler changed state. 'ignored': verified and recorded, but nothing to change (e.g. out of order). */
export type CallbackOutcome = 'applied' | 'ignored';

export interface CallbackHandlerContext {
  /** The injected clock's time, for the business rows the handler writes. */
  now: Date;
}

/**
 * Runs inside the transaction that inserts the inbox row: whatever it writes commits with that row or not at all.
 * Throwing rolls both back and answers 5xx, so the provider retries. Returning nothing means 'applied'.
 */
export type CallbackHandler<P> = (
  tx: Tx,
  event: CallbackEvent<P>,
  context: CallbackHandlerContext,
) => Promise<CallbackOutcome | void>;

export interface CallbackEndpointSpec<B, P> {
  /** Lowercase name: the inbox's provider column (e.g. 'xendit'), and the path's first segment when `url` is unset. */
  provider: string;
  /** After the provider's segment when `url` is unset, e.g. '/disbursements'. */
  path: string;
  /**
   * The whole path below the plugin's prefix (/api/payments for a module's callbacks) when it is not
   * `/<provider><path>`: /api/payments/disbursement/callback/sandbox is `/disbursement/callback/sandbox`.
   */
  url?: string;
  /** For the API document: one line, then what the provider sends and when. */
  summary: string;
  description: string;
  verify: CallbackVerifier;
  /** Turns the verified raw body into a value for `body`; JSON by default. Throwing means a malformed body. */
  decode?: (rawBody: Buffer) => unknown;
  /** The provider's body, validated after verification. */
  body: z.ZodType<B>;
  /** Which event the body is: its id above all, since the inbox dedupes on (provider, eventId). */
  toEvent: (body: B) => CallbackEvent<P>;
  handle: CallbackHandler<P>;
  /** The body of a 200 for a provider that wants its own (e.g. SNAP BI's responseCode); our envelope otherwise. */
  acknowledge?: CustomAcknowledgement;
}

export interface CustomAcknowledgement {
  /** The answer's shape, for the API document and the serializer. */
  schema: z.ZodType;
  body: (ack: Acknowledgement) => unknown;
}

/** What a 200 reports: the event, and whether it changed state, changed nothing, or had been received before. */
export interface Acknowledgement {
  eventId: string;
  outcome: CallbackOutcome | 'replay';
}

/** An event read from a verified body, with its handler bound: the inbox needs nothing else. */
export interface ReadCallback {
  event: CallbackEvent<unknown>;
  handle(tx: Tx, context: CallbackHandlerContext): Promise<CallbackOutcome | void>;
}

export type ReadResult =
  | { ok: true; callback: ReadCallback }
  /** Field paths only: values may be personal data and must not reach a log. */
  | { ok: false; problems: string[] };

/** A declared endpoint with its body type erased, so endpoints of different providers fit in one list. */
export interface CallbackEndpoint {
  readonly provider: string;
  readonly path: string;
  readonly url: string;
  readonly verify: CallbackVerifier;
  readonly summary: string;
  readonly description: string;
  /** The provider's body, documented (it is validated by read(), after verification). */
  readonly bodySchema: z.ZodType;
  readonly acknowledge?: CustomAcknowledgement;
  read(rawBody: Buffer): ReadResult;
}

const eventSchema = z.object({
  eventId: z.string().trim().min(1).max(200),
  type: z.string().trim().min(1).max(100),
  occurredAt: z.date().optional(),
  payload: z.unknown(),
});

const PROVIDER = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PATH = /^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/;

const decodeJson = (rawBody: Buffer): unknown => JSON.parse(rawBody.toString('utf8'));

/** Declares a provider's callback endpoint; mistakes in the declaration fail at start-up, not on the first callback. */
export function defineCallbackEndpoint<B, P>(spec: CallbackEndpointSpec<B, P>): CallbackEndpoint {
  if (!PROVIDER.test(spec.provider))
    throw new Error(`callback provider "${spec.provider}" must be kebab-case`);
  if (!PATH.test(spec.path)) throw new Error(`callback path "${spec.path}" must look like /kebab-case`);
  if (spec.url !== undefined && !PATH.test(spec.url))
    throw new Error(`callback url "${spec.url}" must look like /kebab-case`);
  const decode = spec.decode ?? decodeJson;
  return {
    provider: spec.provider,
    path: spec.path,
    url: spec.url ?? `/${spec.provider}${spec.path}`,
    verify: spec.verify,
    summary: spec.summary,
    description: spec.description,
    bodySchema: spec.body,
    ...(spec.acknowledge ? { acknowledge: spec.acknowledge } : {}),
    read(rawBody) {
      let decoded: unknown;
      try {
        decoded = decode(rawBody);
      } catch {
        return { ok: false, problems: ['body'] };
      }
      const body = spec.body.safeParse(decoded);
      if (!body.success) return { ok: false, problems: issuePaths(body.error) };
      const event = eventSchema.safeParse(spec.toEvent(body.data));
      if (!event.success) return { ok: false, problems: issuePaths(event.error).map((p) => `event.${p}`) };
      const typed = event.data as CallbackEvent<P>;
      return {
        ok: true,
        callback: { event: typed, handle: (tx, context) => spec.handle(tx, typed, context) },
      };
    },
  };
}

function issuePaths(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((i) => (i.path.length > 0 ? i.path.map(String).join('.') : 'body')))];
}
