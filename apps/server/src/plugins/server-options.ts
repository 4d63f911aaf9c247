import { randomUUID } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pgErrorCode } from '../db/client.ts';
import type { Env } from '../env.ts';
import { clientErrorHandler, frameworkErrors } from './client-error-handler.ts';

/** Everything personal or secret that could reach a log line. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["commerce_api_sign_key"]',
  'res.headers["set-cookie"]',
  ...[
    'phone',
    'password',
    'old_password',
    'confirm_password',
    'sms_code',
    'captcha_code',
    'refresh_token',
    'token',
    // the back office: second factors and what an administrator hands over
    'totp_code',
    'recovery_code',
    'recovery_codes',
    'secret',
    'otpauth_url',
    'qr_data_url',
    'one_time_password',
    // onboarding: identity, contacts and bank details
    'cardid',
    'card_num',
    'name',
    'email',
    'mother_maiden_name',
    'address',
    'socials',
    'company_phone',
  ].flatMap((key) => [key, `*.${key}`]),
];

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** A database driver's error (node-postgres, PGlite): its `detail` and `where` quote the row's values. */
const isDriverError = (error: Error) => 'severity' in error && typeof pgErrorCode(error) === 'string';

/**
 * Errors as log fields. A failed query's message, stack and `params` carry the bound values (phones, IPs, hashes), and
 * the driver's `detail` quotes the row: for those only the SQLSTATE and the database's own message are logged.
 */
export function serializeError(error: Error): LoggedError {
  if (error instanceof DrizzleQueryError || isDriverError(error)) {
    // The driver's message and stack name the constraint or the problem, not the values.
    const driver = error instanceof DrizzleQueryError ? error.cause : error;
    return {
      type: error.name,
      code: pgErrorCode(error),
      message: driver?.message ?? 'query failed',
      stack: driver?.stack ?? '',
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  };
}

export function defaultLogger(env: Env): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings carry phones and codes (GET /v2/sms_code?phone=...): log the path only, and no client address.
      req: (req: { method: string; url: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
      }),
      err: serializeError,
    },
  };
}

/**
 * One line per request, when it is answered: its id, method, route (the pattern, e.g. `/api/admin/approvals/:id`:
 * never a path or query a client typed), status and time in ms; nothing else, so nothing personal. Fastify's default
 * is two lines (incoming, completed) through the redacting logger, and pino's redaction of LOG_REDACT_PATHS' `*.key`
 * wildcards runs on every top-level field of every line: measured on a bare route (bench/products-bench.ts measures
 * it on the app), about 150 µs of CPU a request with the default lines against about 20 µs for this one, written by a
 * child logger without redaction (its fields are ours alone). Every other line (errors, warnings, a failed request's
 * "request errored") keeps the redaction. A request still in progress shows in no line until it ends.
 */
class RequestLineController extends LogController {
  /** The root logger's child without redaction, made once (a pino child with options compiles them). */
  private lines: FastifyBaseLogger | null = null;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    this.lines ??= request.server.log.child({}, { redact: { paths: [] } });
    this.lines.info(
      {
        reqId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? null,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request completed',
    );
  }
}

/**
 * Fastify's trustProxy from our setting. Fastify's types omit the hop count its runtime accepts, so hops become the
 * function proxy-addr builds for them: the i-th address from the socket inward is a proxy while i < hops.
 */
function proxyTrust(
  setting: Env['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Fastify's own options: logging, body limit, proxies, our request ids, and envelopes for requests refused early. */
export function serverOptions(env: Env, logger?: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger: logger ?? defaultLogger(env),
    logController: new RequestLineController(),
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: proxyTrust(env.TRUST_PROXY),
    genReqId: () => randomUUID(),
    // A client-chosen request id could forge log correlation; we always make our own.
    requestIdHeader: false,
    // Requests refused before routing still answer envelopes.
    clientErrorHandler,
    frameworkErrors,
  };
}
