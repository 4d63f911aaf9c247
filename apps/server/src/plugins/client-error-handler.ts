import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { ERRORS, errorMessage, type ErrorKey } from '@kaskita/domain/i18n/error-codes';
import { AppError } from '../http/app-error.ts';
import { API_DEFAULT_LOCALE } from './request-context-plugin.ts';
import { sendError } from './error-handler-plugin.ts';

/** Node's HTTP parser errors that have an answer of their own; any other unreadable request is 4002. */
const PARSER_ERRORS: Record<string, ErrorKey> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * Requests Node's HTTP parser refuses (oversized headers, broken framing, a request line that is not HTTP) never
 * reach Fastify's routing, so no request, locale or error handler exists: the answer is written on the socket, still
 * as our envelope (in the default language) rather than Fastify's own JSON.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket: Socket,
) => {
  const code = (error as { code?: string }).code ?? '';
  // A client that went away cannot be answered.
  if (code === 'ECONNRESET' || code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const key = PARSER_ERRORS[code] ?? 'MALFORMED_BODY';
  const { http, code: envelopeCode } = ERRORS[key];
  const body = JSON.stringify({ code: envelopeCode, msg: errorMessage(key, API_DEFAULT_LOCALE), data: null });
  socket.end(
    `HTTP/1.1 ${http} ${STATUS_CODES[http] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
};

/** Errors Fastify raises before routing (a URL that is not valid percent-encoding): answered as envelopes too. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  _error,
  request,
  reply,
) => {
  void sendError(request, reply, new AppError('MALFORMED_BODY'));
};
