import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorMessage } from '@kaskita/domain/i18n/error-codes';
import type { AuthSession } from '../plugins/auth-plugin.ts';
import { validationError } from './validation-error.ts';

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface RouteSpec<
  Q extends Schema | undefined,
  B extends Schema | undefined,
  P extends Schema | undefined,
  R extends Schema,
  A extends boolean,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  query?: Q;
  body?: B;
  params?: P;
  /** The `data` of the answer; the handler's value is parsed through it so undeclared fields never leak. */
  response: R;
  /** Requires a valid session (4047 otherwise). */
  auth?: A;
  handler: (input: {
    query: Out<Q>;
    body: Out<B>;
    params: Out<P>;
    session: A extends true ? AuthSession : AuthSession | null;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<R>>;
}

function parse<S extends Schema | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  // Missing body/query means "no fields": each required field is then reported by name.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw validationError(result.error);
  return result.data as Out<S>;
}

/**
 * Registers a route the KasKita way: authenticate, parse input through its zod schemas, call the handler, and answer
 * `{ code: 200, msg, data }` with `data` shaped by the response schema.
 */
export function route<
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema = Schema,
  A extends boolean = false,
>(app: FastifyInstance, spec: RouteSpec<Q, B, P, R, A>): void {
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request, reply) => {
      const session = spec.auth ? await app.authenticate(request) : null;
      const input = {
        query: parse(spec.query as Q, request.query),
        body: parse(spec.body as B, request.body),
        params: parse(spec.params as P, request.params),
        session: session as A extends true ? AuthSession : AuthSession | null,
        request,
        reply,
      };
      const result = await spec.handler(input);
      // A response that does not match its schema is our bug: it throws here and becomes 5000, never a leak.
      const data = spec.response.parse(result);
      return { code: 200, msg: errorMessage('OK', request.ctx.locale), data };
    },
  });
}
