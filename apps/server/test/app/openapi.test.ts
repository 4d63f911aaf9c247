import { describe, expect, it } from 'vitest';
import { API_CALLS } from '@kaskita/domain/contract/calls';
import { API_PREFIX } from '@kaskita/domain/contract/endpoints';
import { FakeProvider } from '../callbacks/fake-provider.ts';
import { call, useTestApp } from '../helpers/test-app.ts';

const fake = new FakeProvider();
const t = useTestApp({ callbackEndpoints: fake.endpoints });

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** OpenAPI writes path parameters as {id}; Fastify and the contract as :id. */
const openApiPath = (path: string) => `${API_PREFIX}${path}`.replace(/:(\w+)/g, '{$1}');

async function document(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

function operations(doc: Document): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method, path, op })),
  );
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists every call of the contract with its method', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    for (const c of Object.values(API_CALLS)) {
      const op = doc.paths[openApiPath(c.path)]?.[c.method.toLowerCase()];
      expect(op, `${c.method} ${c.path}`).toBeDefined();
      expect(op?.operationId).toBe(c.id);
      // A borrower's session or a staff member's: both are a token in Authorization.
      expect(op?.security !== undefined, `${c.id} security`).toBe(c.auth || 'staff' in c);
    }
  });

  it('gives every operation a summary, a description and a JSON schema for its 200 and error answers', async () => {
    const doc = await document();
    const ops = operations(doc);
    // The contract's calls, the three fake provider callbacks, the sandbox bank's disbursement callback and the sandbox
    // gateway's two payment callbacks (the configured providers'; with Xendit, its one callback instead:
    // repayments/xendit-gateway.test.ts): nothing undocumented slipped in or out.
    expect(doc.paths['/api/payments/disbursement/callback/sandbox']?.post).toBeDefined();
    expect(doc.paths['/api/payments/callback/sandbox']?.post).toBeDefined();
    expect(doc.paths['/api/payments/callback/sandbox-midtrans']?.post).toBeDefined();
    expect(ops).toHaveLength(Object.keys(API_CALLS).length + fake.endpoints.length + 3);
    for (const { method, path, op } of ops) {
      const where = `${method} ${path}`;
      expect(path.startsWith(`${API_PREFIX}/`), where).toBe(true);
      expect(op.summary, where).toMatch(/\S/);
      expect(op.description, where).toMatch(/\S/);
      expect(op.tags?.length, where).toBe(1);
      const ok = op.responses?.['200']?.content?.['application/json']?.schema;
      expect(ok, where).toBeDefined();
      expect(op.responses?.default?.content?.['application/json']?.schema, where).toBeDefined();
    }
  });

  it('describes inputs and answers from the same zod schemas the server validates with', async () => {
    const doc = await document();
    const sms = doc.paths['/api/v2/sms_code']?.get;
    expect(sms?.parameters?.find((p) => p.name === 'phone')).toMatchObject({ in: 'query', required: true });
    const login = doc.paths['/api/v1/login']?.post;
    expect(Object.keys(login?.requestBody?.content ?? {}).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    const status = doc.paths['/api/v2/user/status']?.get?.responses?.['200']?.content?.['application/json']
      ?.schema as { properties?: { data?: { properties?: Record<string, unknown> } } };
    expect(Object.keys(status.properties?.data?.properties ?? {})).toEqual(
      expect.arrayContaining(['verify', 'loan_status', 'loan_info']),
    );
    // A multipart form (an upload with fields) is described by its fields' schema.
    const claim = doc.paths['/api/v1/order/payment_claim']?.post?.requestBody?.content;
    expect(Object.keys(claim ?? {})).toEqual(['multipart/form-data']);
    expect(
      Object.keys((claim?.['multipart/form-data']?.schema as { properties?: object }).properties ?? {}),
    ).toEqual(['channel_id', 'paid_at', 'amount', 'reference']);
    const captcha = doc.paths['/api/dev/captcha/{id}']?.get;
    expect(captcha?.parameters?.find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
  });

  it("lists each call's business errors with codes from the catalogue", async () => {
    const doc = await document();
    const login = doc.paths['/api/v1/login']?.post;
    expect(login?.description).toContain('4014 LOGIN_FAILED');
    const status = doc.paths['/api/v2/user/status']?.get;
    expect(status?.description).toContain('4047 SESSION_LOST');
    const callback = doc.paths['/api/callbacks/fake-snap/payments']?.post;
    expect(callback?.tags).toEqual(['callbacks']);
    expect(callback?.description).toContain('4031 CALLBACK_REJECTED');
  });

  it('serves a docs page outside production, with its assets from the package (no CDN)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs)/);
    const asset = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
    // The API itself still answers envelopes around the docs.
    const { body } = await call(t.app, { method: 'GET', url: '/api/no-such-call' });
    expect(body.code).toBe(4040);
  });
});
