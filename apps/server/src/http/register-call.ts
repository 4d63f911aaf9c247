import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { CallBody, CallDefinition, CallParams, CallQuery } from '@kaskita/domain/contract/define-call';
import { envelopeSchema } from '@kaskita/domain/contract/envelope';
import { errorMessage } from '@kaskita/domain/i18n/error-codes';
import type { AuthSession } from '../plugins/auth-plugin.ts';
import type { StaffSession } from '../plugins/staff-auth-plugin.ts';
import { describeErrors } from './call-errors.ts';
import { assertSameSite } from './cross-site-guard.ts';
import { readMultipartForm } from './multipart-form.ts';

export interface CallInput<C extends CallDefinition> {
  query: CallQuery<C>;
  body: CallBody<C>;
  params: CallParams<C>;
  /** The signed-in borrower; only calls with `auth: true` have one. */
  session: C['auth'] extends true ? AuthSession : null;
  /** The signed-in staff member; only back-office calls (`staff` set) have one. */
  staff: C extends { staff: string } ? StaffSession : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the call's `data`; the envelope and the response schema are applied around it. */
export type CallHandler<C extends CallDefinition> = (input: CallInput<C>) => Promise<z.input<C['response']>>;

/** The route schema of a call: validation (zodValidatorCompiler), serialization and the API document, from one place. */
export function callSchema(call: CallDefinition): FastifySchema {
  return {
    operationId: call.id,
    summary: call.summary,
    description: `${call.description}\n\n${describeErrors(call)}`,
    tags: [call.tag],
    ...(call.query ? { querystring: call.query } : {}),
    // The web app posts forms; other clients may post JSON (app.ts registers both parsers).
    ...(call.body
      ? { body: call.body, consumes: ['application/x-www-form-urlencoded', 'application/json'] }
      : {}),
    ...(call.form ? { body: call.form, consumes: ['multipart/form-data'] } : {}),
    ...(call.params ? { params: call.params } : {}),
    // Serialized through this schema (fastify-type-provider-zod's serializerCompiler): fields it does not name never
    // leave the server, and an answer that breaks it is our bug and becomes 5000.
    response: { 200: envelopeSchema(call.response) },
    ...(call.auth || call.staff ? { security: [{ token: [] }] } : {}),
  };
}

/**
 * Registers a contract call: cross-site requests refused first (http/cross-site-guard.ts), then the session when the call needs one (4047 before any validation, so a signed-out
 * caller learns nothing about the input), then a multipart form's parts (http/multipart-form.ts), then its zod
 * schemas, then the handler, answering `{ code: 200, msg, data }`.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    schema: callSchema(call),
    onRequest: async (request) => assertSameSite(request, call),
    preValidation:
      call.auth || call.staff || call.form
        ? async (request) => {
            if (call.auth) request.session = await app.authenticate(request);
            if (call.staff) request.staff = await app.authenticateStaff(request, call.staff);
            // After the session: a signed-out caller's upload is not even read.
            if (call.form) await readMultipartForm(request, 1 + (call.upload?.alsoFiles?.length ?? 0));
          }
        : undefined,
    handler: async (request, reply) => {
      const data = await handler({
        query: request.query as CallQuery<C>,
        body: request.body as CallBody<C>,
        params: request.params as CallParams<C>,
        session: request.session as CallInput<C>['session'],
        staff: request.staff as CallInput<C>['staff'],
        request,
        reply,
      });
      return { code: 200, msg: errorMessage('OK', request.ctx.locale), data };
    },
  });
}
