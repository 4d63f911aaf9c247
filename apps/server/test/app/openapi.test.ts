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
    // gateway's four payment callbacks (Xendit's three dialects and Midtrans'; with Xendit, its three callbacks instead:
    // repayments/xendit-gateway.test.ts), and the merchants' four signed calls (modules/commerce/merchant-routes.ts):
    // nothing undocumented slipped in or out.
    expect(doc.paths['/api/payments/disbursement/callback/sandbox']?.post).toBeDefined();
    expect(doc.paths['/api/payments/callback/sandbox']?.post).toBeDefined();
    expect(doc.paths['/api/payments/callback/sandbox-midtrans']?.post).toBeDefined();
    expect(doc.paths['/api/payments/callback/sandbox-qr']?.post).toBeDefined();
    expect(doc.paths['/api/payments/callback/sandbox-ewallet']?.post).toBeDefined();
    expect(doc.paths['/api/v1/commerce/merchant/orders']?.post).toBeDefined();
    expect(doc.paths['/api/v1/commerce/merchant/orders/refund']?.post).toBeDefined();
    expect(ops).toHaveLength(Object.keys(API_CALLS).length + fake.endpoints.length + 5 + 4);
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
    // A multipart form (an upload with fields) is described by its fields' schema and its file part.
    const claim = doc.paths['/api/v1/order/payment_claim']?.post?.requestBody?.content;
    expect(Object.keys(claim ?? {})).toEqual(['multipart/form-data']);
    const claimForm = claim?.['multipart/form-data']?.schema as { properties?: object; required?: string[] };
    expect(Object.keys(claimForm.properties ?? {})).toEqual([
      'channel_id',
      'paid_at',
      'amount',
      'reference',
      'proof',
    ]);
    expect(claimForm.required).toEqual(['channel_id', 'paid_at', 'amount']);
    const captcha = doc.paths['/api/dev/captcha/{id}']?.get;
    expect(captcha?.parameters?.find((p) => p.name === 'id')).toMatchObject({ in: 'path', required: true });
  });

  it('says what a client must send, what each code means, and the formats', async () => {
    const doc = await document();
    type Json = {
      required?: string[];
      properties?: Record<string, Json>;
      enum?: unknown[];
      format?: string;
      description?: string;
      anyOf?: Json[];
      type?: string;
    };
    const body = (path: string, type = 'application/json') =>
      doc.paths[path]?.post?.requestBody?.content[type]?.schema as Json;
    const data = (path: string, method = 'get') =>
      (doc.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema as Json)
        .properties!.data!;
    // Required as the server requires them (zod alone marked these optional).
    expect(body('/api/v1/user/ktp').required).toContain('name');
    expect(body('/api/v1/user/base').required).toEqual(
      expect.arrayContaining([
        'mother_maiden_name',
        'province',
        'city',
        'districts',
        'sub_districts',
        'address',
      ]),
    );
    expect(body('/api/v1/user/bank').required).toEqual(['bank', 'card_num', 'name']);
    // Uploads name their file part, required.
    for (const [path, field] of [
      ['/api/v1/user/ocr_check', 'id_card'],
      ['/api/v1/user/face_check', 'selfie'],
    ] as const) {
      const form = body(path, 'multipart/form-data');
      expect(form.required, path).toEqual([field]);
      expect(form.properties?.[field], path).toMatchObject({ type: 'string', format: 'binary' });
    }
    // Coded fields list their codes and meanings, in and out.
    expect(body('/api/v1/user/ktp').properties?.gender).toMatchObject({ enum: [1, 2] });
    expect(body('/api/v1/user/ktp').properties?.gender?.description).toContain('Female');
    expect(body('/api/v1/user/base').properties?.live_duration?.enum).toEqual([1, 2, 3, 4, 5]);
    const view = data('/api/v1/user/base').properties!;
    expect(view.gender?.anyOf?.[0]).toMatchObject({ enum: [1, 2] });
    expect(view.birth_date?.anyOf?.[0]).toMatchObject({ format: 'date' });
    expect(body('/api/v1/user/ktp').properties?.birth_date?.format).toBe('date');
    const order = data('/api/v1/order/current').properties!.order!.anyOf![0]!.properties!;
    expect(order.bill_status?.enum).toEqual([0, 1, 2, 3, 4]);
    expect(order.bill_status?.description).toContain('2 repaying');
    expect(order.created_at?.format).toBe('date-time');
    const repayType = doc.paths['/api/v1/order/repay_method']?.get?.parameters?.find(
      (p) => p.name === 'repayment_type',
    ) as { schema?: Json } | undefined;
    expect(repayType?.schema?.enum).toEqual(['instalment', 'due', 'settlement']);
    // A form sends the contacts as JSON text, a JSON body may send the array.
    expect(body('/api/v1/user/social').properties?.socials?.anyOf?.map((b) => b.type)).toEqual([
      'string',
      'array',
    ]);
    // Descriptions come from the contract.
    expect(data('/api/v1/user/verification').properties?.can_submit?.description).toMatch(
      /Submit would be accepted/,
    );
    // Submit reads the position from its headers.
    const submit = doc.paths['/api/v2/user/submit']?.post?.parameters ?? [];
    for (const name of ['lon', 'lat'])
      expect(submit.find((p) => p.name === name)).toMatchObject({ in: 'header', required: true });
    // The agreements a first sign-in must accept are published, and their error names the versions in force.
    expect(data('/api/v1/legal/versions').required).toEqual(['terms_version', 'privacy_version']);
    const loginError = doc.paths['/api/v1/login']?.post?.responses?.default?.content?.['application/json']
      ?.schema as Json;
    expect(loginError.properties?.code?.enum).toEqual(expect.arrayContaining([4000, 4014, 4022]));
    expect(loginError.properties?.data?.anyOf?.[0]?.properties).toHaveProperty('versions');
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
