import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, errorMessage, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { pgErrorCode } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { localeOf } from './request-context-plugin.ts';

/** Fastify's own errors (body parsing, multipart limits) mapped to our catalogue. */
const FASTIFY_CODES: Record<string, ErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA',
};

/**
 * Postgres refusing a value the client sent: a NUL byte in text (22021) or \u0000 in JSON (22P05). Schemas cannot
 * foresee every such byte, so any query that stores or compares client text answers 4002 instead of 5000.
 */
const UNREADABLE_INPUT_SQLSTATES = new Set(['22021', '22P05']);

const BY_STATUS: Record<number, ErrorKey> = {
  400: 'MALFORMED_BODY',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

/** Which catalogue entry an error is, or null for "ours, unexpected" (5000). */
function classify(error: unknown): ErrorKey | null {
  if (error instanceof AppError) return error.key;
  if (UNREADABLE_INPUT_SQLSTATES.has(pgErrorCode(error) ?? '')) return 'MALFORMED_BODY';
  const e = error as Partial<FastifyError> | null;
  if (e?.code && FASTIFY_CODES[e.code]) return FASTIFY_CODES[e.code] ?? null;
  // Client errors Fastify raised before our handler ran (e.g. JSON syntax errors carry statusCode 400).
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return BY_STATUS[e.statusCode] ?? 'MALFORMED_BODY';
  return null;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const locale = localeOf(request);
  const entry = ERRORS[error.key];
  const msg = error.messageKey
    ? validationMessage(error.messageKey, locale)
    : errorMessage(error.key, locale);
  if (error.data?.retry_after !== undefined) reply.header('retry-after', String(error.data.retry_after));
  return reply.code(entry.http).send({ code: entry.code, msg, data: error.data ?? null });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const key = classify(error);
    if (key) {
      if (!(error instanceof AppError))
        request.log.info({ code: pgErrorCode(error) ?? (error as FastifyError).code }, 'client error');
      return sendError(request, reply, error instanceof AppError ? error : new AppError(key));
    }
    // Unexpected: log everything for us (the request id ties it to the access log), tell the borrower nothing internal.
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('INTERNAL', { request_id: String(request.id) }));
  });
}
