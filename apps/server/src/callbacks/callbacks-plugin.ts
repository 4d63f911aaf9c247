import type { AppMetrics, CallbackResult } from '../operations/app-metrics.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '@kaskita/domain/contract/envelope';
import { errorMessage } from '@kaskita/domain/i18n/error-codes';
import type { Clock } from '../clock.ts';
import { AppError } from '../http/app-error.ts';
import { listErrors } from '../http/call-errors.ts';
import { localeOf } from '../plugins/request-context-plugin.ts';
import { sendError } from '../plugins/error-handler-plugin.ts';
import type { Acknowledgement, CallbackEndpoint } from './callback-endpoint.ts';
import type { CallbackInboxService, InboxResult } from './callback-inbox-service.ts';
import { bodyHash } from './callback-verifiers.ts';

/** Our answer to a callback: the event and what receiving it did. */
export const acknowledgementSchema = envelopeSchema(
  z.object({ event_id: z.string(), outcome: z.enum(['applied', 'ignored', 'replay']) }),
);

function callbackSchema(endpoint: CallbackEndpoint): FastifySchema {
  return {
    operationId: `callback:${endpoint.provider}${endpoint.path}`,
    summary: endpoint.summary,
    description: `${endpoint.description}\n\nAnswers 200 once the event is recorded; a replay is acknowledged and changes nothing. A refused signature, token or timestamp, an unreadable body, an event id seen before with a different body, and a change that could not be made (the provider retries) answer:\n${listErrors(['CALLBACK_REJECTED', 'MALFORMED_BODY', 'CONFLICT', 'INTERNAL'])}`,
    tags: ['callbacks'],
    body: endpoint.bodySchema,
    response: { 200: endpoint.acknowledge?.schema ?? acknowledgementSchema },
  };
}

export interface CallbacksPluginOptions {
  endpoints: readonly CallbackEndpoint[];
  inbox: CallbackInboxService;
  clock: Clock;
  /** Callback bodies are small JSON; anything larger is refused before it is buffered whole. */
  bodyLimit: number;
  /** Counts each callback by provider and result (GET /metrics). */
  metrics: Pick<AppMetrics, 'callbacks'>;
}

/**
 * Provider callbacks under the prefix it is registered with: /api/payments for the modules' (module-plugin.ts),
 * /api/callbacks for endpoints given to buildApp (the tests' fake provider). Server to server: no H5 headers, no session.
 * The body is kept as the raw Buffer, because signatures are computed over the exact bytes the provider sent and a
 * parsed-then-serialised JSON is not those bytes. The parser is scoped to this plugin: the rest of the API still
 * parses JSON, forms and multipart as before.
 */
export async function callbacksPlugin(
  scope: FastifyInstance,
  options: CallbacksPluginOptions,
): Promise<void> {
  const { endpoints, inbox, clock, bodyLimit, metrics } = options;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  const seen = new Set<string>();
  for (const endpoint of endpoints) {
    if (seen.has(endpoint.url)) throw new Error(`callback endpoint ${endpoint.url} is declared twice`);
    seen.add(endpoint.url);
    scope.post(
      endpoint.url,
      {
        bodyLimit,
        schema: callbackSchema(endpoint),
        // The body schema documents the call; the body itself is checked over its raw bytes first, then read by
        // the endpoint (read()), so Fastify must not validate or replace it.
        validatorCompiler: () => (value) => ({ value }),
      },
      (request, reply) => receive(endpoint, request, reply),
    );
  }

  async function receive(endpoint: CallbackEndpoint, request: FastifyRequest, reply: FastifyReply) {
    const receivedAt = clock.now();
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // Log fields name the provider and event, never the body, headers or secrets.
    const log = request.log.child({ provider: endpoint.provider });

    const count = (result: CallbackResult) => metrics.callbacks.inc({ provider: endpoint.provider, result });

    const verified = endpoint.verify({ headers: request.headers, rawBody, now: receivedAt });
    if (!verified.ok) {
      count('refused');
      log.warn({ reason: verified.reason }, 'callback refused: not verified');
      throw new AppError(verified.reason === 'malformed' ? 'MALFORMED_BODY' : 'CALLBACK_REJECTED');
    }

    const read = endpoint.read(rawBody);
    if (!read.ok) {
      count('refused');
      log.warn({ fields: read.problems }, 'callback refused: malformed body');
      throw new AppError('MALFORMED_BODY');
    }

    const { event } = read.callback;
    const eventLog = log.child({ eventId: event.eventId, type: event.type });
    let result: InboxResult;
    try {
      result = await inbox.receive(endpoint.provider, read.callback, {
        bodyHash: bodyHash(rawBody),
        receivedAt,
      });
    } catch (error) {
      // The one intended 5xx: the transaction rolled back (inbox row and business change alike), so the provider's
      // retry will be processed afresh. Logged here once, answered without internals.
      count('failed');
      eventLog.error({ err: error }, 'callback handler failed: rolled back, the provider will retry');
      return sendError(request, reply, new AppError('INTERNAL', { request_id: String(request.id) }));
    }

    if (result.kind === 'conflict') {
      count('conflict');
      eventLog.warn('callback refused: event id seen before with a different body (suspicious)');
      throw new AppError('CONFLICT');
    }
    const ack: Acknowledgement = {
      eventId: event.eventId,
      outcome: result.kind === 'replay' ? 'replay' : result.outcome,
    };
    count(ack.outcome);
    eventLog.info({ outcome: ack.outcome }, 'callback acknowledged');
    // Providers retry on anything but 2xx and most read nothing else; those that want a body of their own say so.
    if (endpoint.acknowledge) return reply.code(200).send(endpoint.acknowledge.body(ack));
    return reply.code(200).send({
      code: 200,
      msg: errorMessage('OK', localeOf(request)),
      data: { event_id: ack.eventId, outcome: ack.outcome },
    });
  }
}
