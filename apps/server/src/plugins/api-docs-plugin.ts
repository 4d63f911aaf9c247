import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import { HEADER } from '@kaskita/domain/contract/header-names';
import { describeCommonErrors } from '../http/call-errors.ts';
import { openApiTransform, openApiTransformObject } from '../http/openapi-transform.ts';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PREFIX = `${API_PREFIX}/docs`;

const INTRODUCTION = `The KasKita API for the borrower's web app (spec section 7).

Every answer is an envelope \`{ "code", "msg", "data" }\`: \`code\` 200 is success, anything else an error whose \`msg\`
is in the caller's language (header \`${HEADER.lan}\`: \`id-ID\` by default, or \`en-US\`). HTTP statuses 200-509 all
carry an envelope. POST bodies may be forms (application/x-www-form-urlencoded) or JSON.

The web app sends \`${HEADER.os}\` (4 for H5), \`${HEADER.lan}\`, \`${HEADER.tz}\`, \`${HEADER.appVersion}\` and, when known,
\`${HEADER.lat}\`/\`${HEADER.lon}\` and \`${HEADER.channel}\` on every call; a signed-in call adds \`${HEADER.authorization}\` with the token.

Errors any call may answer:
${describeCommonErrors()}

Provider callbacks (tag "callbacks") are server to server: verified by their provider's signature over the raw body,
acknowledged once per event id, and never sent by the web app.`;

/**
 * The OpenAPI 3.1 document generated from the routes' zod schemas (the contract's calls and the callback endpoints),
 * at /api/openapi.json; the Swagger UI page at /api/docs outside production (its assets ship with the package: no
 * CDN). Register before any route: the document is collected as routes are added.
 */
export async function registerApiDocs(app: FastifyInstance, { ui }: { ui: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'KasKita API', version: '1', description: INTRODUCTION },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: HEADER.authorization,
            description: 'The access token from /v1/login, as is or after "Bearer ".',
          },
        },
      },
    },
    transformObject: openApiTransformObject,
    transform: (document) => {
      // Only the API is documented: the web app's files, the dev pages and the docs page itself are not calls.
      if (!document.url.startsWith(`${API_PREFIX}/`) || document.url.startsWith(API_DOCS_PREFIX))
        return { schema: { hide: true }, url: document.url };
      return openApiTransform(document);
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });

  if (ui) await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
}
