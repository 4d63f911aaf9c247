import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testNik } from '../application/application-helpers.ts';
import { selfie } from '../helpers/face-images.ts';
import { ktpCardOf, liveFrames } from '../helpers/live-frames.ts';
import { multipartFile, multipartForm } from '../helpers/multipart.ts';
import { call, latestCode, newIp, newPhone, signIn, useTestApp } from '../helpers/test-app.ts';
import { ADDRESS } from '../profile/profile-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff } from '../staff/staff-helpers.ts';
import { DEV_COMMERCE_MERCHANT_SECRET } from '../../src/modules/commerce/commerce-merchants.ts';
import { appConfig } from '../../src/modules/config/config-schema.ts';
import { merchantSignatureHeaders } from '../../src/modules/commerce/merchant-signature.ts';

/**
 * The whole borrower journey through the API as a client built from /api/openapi.json would make it (JSON bodies with
 * the document's types), every request body and every answer checked against the schema the document declares for
 * its path, method and answer (200, or `default` for an error). A field the server sends that the document does not
 * declare, a missing required one, a wrong type, enum or format fails here.
 */

// LIVENESS_ACTIONS: the live check asks for a turn, which the fixtures' woman A answers (helpers/live-frames.ts).
const t = useTestApp({
  env: { STORAGE_DIR: mkdtempSync(join(tmpdir(), 'kaskita-openapi-journey-')), LIVENESS_ACTIONS: ['turn'] },
});

type Schema = Record<string, unknown>;
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let doc: Document;
// strict off: the document carries annotations ajv does not know (x-enum-descriptions, example, contentSchema).
const ajv = addFormats.default(new Ajv2020({ strict: false, allErrors: true }));
const compiled = new Map<Schema, ValidateFunction>();
/** Every operation the journey went through, to prove it covered the borrower's calls. */
const seen = new Set<string>();

function operationOf(method: string, url: string): { key: string; op: Operation } {
  const path = `/api${url.split('?')[0]!}`;
  for (const [template, byMethod] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const op = byMethod[method.toLowerCase()];
    if (op && pattern.test(path)) return { key: `${method} ${template}`, op };
  }
  throw new Error(`${method} ${path} is not in the document`);
}

/** Errors of `value` against `schema`, its $refs resolved in the document's components. */
function problems(schema: Schema, value: unknown): string[] {
  const validate: ValidateFunction =
    compiled.get(schema) ?? ajv.compile({ ...schema, components: doc.components });
  compiled.set(schema, validate);
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * Calls the API and checks the exchange against the document. `json` is a JSON body; multipart uploads are given as
 * `form` and only their answer is checked (the document's multipart schema names a file, which has no JSON value).
 */
async function api<T>(
  method: 'GET' | 'POST',
  url: string,
  options: {
    token?: string;
    json?: object;
    form?: { payload: Buffer; headers: Record<string, string> };
    headers?: Record<string, string>;
  } = {},
  expectCode = 200,
): Promise<T> {
  const { key, op } = operationOf(method, url);
  seen.add(key);
  if (options.json) {
    const schema = op.requestBody?.content['application/json']?.schema;
    expect(schema, `${key}: a JSON body is documented`).toBeDefined();
    expect(problems(schema!, options.json), `${key} request`).toEqual([]);
  }
  const inject: InjectOptions & { token?: string; ip: string } = {
    method,
    url: `/api${url}`,
    ip: newIp(),
    ...(options.token ? { token: options.token } : {}),
    ...(options.json ? { payload: options.json } : {}),
    ...(options.form ? { payload: options.form.payload } : {}),
    headers: { ...options.form?.headers, ...options.headers },
  };
  const { body } = await call<T>(t.app, inject);
  expect(body.code, `${key}: ${JSON.stringify(body)}`).toBe(expectCode);
  const answer = op.responses[body.code === 200 ? '200' : 'default']?.content?.['application/json']?.schema;
  expect(answer, `${key}: the answer is documented`).toBeDefined();
  expect(problems(answer!, body), `${key} answer ${JSON.stringify(body).slice(0, 2000)}`).toEqual([]);
  return body.data;
}

/**
 * 4287: the face engine missed its time budget (a loaded machine); the try is not counted, and a client tries again,
 * as the message tells the borrower to.
 */
async function untilFaceEngineRuns<T>(attempt: () => Promise<T>, tries = 6): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries || !String(error).includes('"code":4287')) throw error;
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

const BORROWER_TAGS = new Set(['sign-in', 'borrower', 'profile', 'app', 'loans', 'commerce']);
/** Borrower calls the journey does not make: alternatives to calls it makes, or detours of their own tests. */
const NOT_IN_THE_JOURNEY = [
  // Cancelling would end the journey's loan before its repayment (test/loans/loan-order.test.ts).
  'POST /api/v1/order/cancel',
  // Only after a failed disbursement (test/loans/disbursement-callbacks.test.ts).
  'POST /api/v1/user/bank_patch',
];

const jpeg = (bytes: Buffer) => ({ filename: 'photo.jpg', contentType: 'image/jpeg', bytes });

describe('the borrower journey against the OpenAPI document', () => {
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    doc = res.json<Document>();
  });

  it('every request and answer, from the first sign-in to the loan paid off, matches its declared schema', async () => {
    // Public calls a sign-in page makes.
    const versions = await api<{ terms_version: string; privacy_version: string }>(
      'GET',
      '/v1/legal/versions',
    );
    await api('GET', '/v1/config');
    // The app's analytics beacon: JSON, signed in or not.
    await api('POST', '/v1/analytics/events', {
      json: {
        device_id: '0b5e1f3a-6c2d-4e8f-9a1b-3c5d7e9f1a2b',
        dfp: '0123456789abcdef',
        events: [{ name: 'H5_complete_registration', at: 1_772_420_400_000, page: '/login/main' }],
      },
    });
    await api('GET', '/v2/config/banklist');
    await api('GET', '/v2/get_purpose');
    await api('GET', '/getares?pid=32');
    await api('GET', '/v1/landing/example');
    await api('POST', '/v1/config');
    await api('GET', '/v1/captcha');
    await api('POST', '/v1/sms_code', { json: { phone: newPhone() } });

    // The first sign-in registers the phone with the agreements in force; an outdated one is told which are.
    const phone = newPhone();
    await api('GET', `/v2/sms_code?phone=${phone}`);
    const code = await latestCode(t.app, phone);
    const withoutConsent = await api<{ versions: unknown; fields: Record<string, string> }>(
      'POST',
      '/v1/login',
      { json: { phone, sms_code: code } },
      4000,
    );
    expect(withoutConsent.fields).toEqual({ consent: 'consent.required' });
    expect(withoutConsent.versions).toEqual(versions);
    const outdated = await api<{ versions: unknown; fields: Record<string, string> }>(
      'POST',
      '/v1/login',
      {
        json: {
          phone,
          sms_code: code,
          terms_version: '2020-01-01',
          privacy_version: versions.privacy_version,
        },
      },
      4000,
    );
    expect(outdated.fields).toEqual({ terms_version: 'agreement.outdated' });
    expect(outdated.versions).toEqual(versions);
    const first = await api<{ refresh_token: string; is_new: boolean }>('POST', '/v1/login', {
      json: { phone, sms_code: code!, ...versions },
    });
    expect(first.is_new).toBe(true);
    const { token } = await api<{ token: string }>('POST', '/v1/user/refresh', {
      json: { refresh_token: first.refresh_token },
    });
    const signedIn = { token };
    await api('POST', '/v1/alter/login_pass', {
      ...signedIn,
      json: { password: 'kopi7Susu', confirm_password: 'kopi7Susu' },
    });
    await api('POST', '/v1/login', { json: { phone, password: 'kopi7Susu' } });

    await api('GET', '/v2/user/status', signedIn);
    await api('GET', '/v1/user/account', signedIn);
    await api('GET', '/v1/user/profile_progress', signedIn);
    await api('GET', '/v1/user/base', signedIn);
    await api('GET', '/v2/user/work', signedIn);
    await api('GET', '/v1/user/social', signedIn);
    await api('GET', '/v1/user/bank', signedIn);

    // The profile, in the document's types (codes and amounts as numbers, flags as booleans).
    await api('POST', '/v1/user/ocr_check', {
      ...signedIn,
      form: multipartFile('id_card', jpeg(await ktpCardOf('turnA'))),
    });
    await api('GET', '/v1/user/ktp_photo', signedIn);
    // Half-typed, then the app reloads: the draft is saved and read back (values as the JSON text a form sends).
    await api('POST', '/v1/user/profile_draft', {
      ...signedIn,
      json: { step: 'ktp', values: JSON.stringify({ name: 'Budi San' }) },
    });
    const draft = await api<{ values: Record<string, unknown> | null }>(
      'GET',
      '/v1/user/profile_draft?step=ktp',
      signedIn,
    );
    expect(draft.values).toEqual({ name: 'Budi San' });
    const { nik, birthDate } = testNik();
    await api('POST', '/v1/user/ktp', {
      ...signedIn,
      json: { cardid: nik, name: 'Budi Santoso', birth_date: birthDate, gender: 1, religion: 1, marriage: 2 },
    });
    await api('POST', '/v1/user/base', {
      ...signedIn,
      json: {
        education: 6,
        mother_maiden_name: 'Siti Aminah',
        ...ADDRESS,
        zip_code: '40135',
        live_duration: 4,
      },
    });
    await api('POST', '/v5/user/user_other_info', {
      ...signedIn,
      json: { email: 'budi@example.com', residential_status: 1 },
    });
    await api('POST', '/v2/user/work', {
      ...signedIn,
      json: {
        has_job: true,
        career: 1,
        income_source: 1,
        salary: 3,
        salary_day: 25,
        income: 6_500_000,
        spending: 3_000_000,
        other_loan_status: 3,
        other_platforms: 1,
      },
    });
    await api('POST', '/v1/user/company', {
      ...signedIn,
      json: { company_name: 'PT Maju Jaya', company_phone: '022-2501234', ...ADDRESS },
    });
    await api('POST', '/v1/user/social', {
      ...signedIn,
      json: {
        socials: [
          { relation: 2, name: 'Dewi Lestari', phone: '081234560001' },
          { relation: 7, name: 'Andi Wijaya', phone: '081234560002' },
        ],
        contact_consent: true,
        expect_amount: 3_000_000,
        expect_period: 6,
      },
    });
    await api('POST', '/v1/user/bank', {
      ...signedIn,
      json: { bank: 'BCA', card_num: '1234567890', name: 'Budi Santoso' },
    });
    await api('GET', '/v1/user/base', signedIn);
    await api('GET', '/v2/user/work', signedIn);
    await api('GET', '/v1/user/work', signedIn);
    await api('GET', '/v1/user/social', signedIn);
    await api('GET', '/v1/user/bank', signedIn);
    await api('POST', '/v5/user/user_info', signedIn);

    // Both checks: the WhatsApp number, and the live camera check of the face on the KTP.
    const whatsapp = newPhone();
    await api('POST', '/v1/user/whatsapp_code', { ...signedIn, json: { phone: whatsapp } });
    const waCode = await latestCode(t.app, whatsapp);
    await api('POST', '/v1/user/whatsapp_phone', {
      ...signedIn,
      json: { phone: whatsapp, sms_code: waCode },
    });
    const { challenge_id } = await api<{ challenge_id: string }>(
      'POST',
      '/v1/user/liveness_challenge',
      signedIn,
    );
    const frames = await liveFrames('turnA');
    const framesForm = multipartForm(
      { challenge_id },
      { field: 'selfie', ...jpeg(frames.start) },
      { field: 'action_frame', ...jpeg(frames.action) },
      { field: 'end_frame', ...jpeg(frames.end) },
    );
    const face = await untilFaceEngineRuns(() =>
      api<{ result: string }>('POST', '/v1/user/face_check', { ...signedIn, form: framesForm }),
    );
    expect(face.result).toBe('pass');
    await api('GET', '/v1/user/verification', signedIn);
    await api('POST', '/v1/user/reminder_channel', { ...signedIn, json: { channel: 'whatsapp' } });

    // Submit with the device's position, and the decision.
    await api('POST', '/v2/user/submit', {
      ...signedIn,
      json: {},
      headers: { lon: '106.8271530', lat: '-6.1753924' },
    });
    await api('POST', '/v5/user/credit_countdown', signedIn);
    await t.app.jobs.whenIdle();
    const application = await api<{ state: string }>('GET', '/v1/user/application', signedIn);
    expect(application.state).toBe('approved');
    await api('GET', '/v1/limit_amount', signedIn);

    // Borrow: products, plan, agreement, order; the sandbox bank pays it out.
    await api('GET', '/v1/loan_products', signedIn);
    const loan = { pid: 'cash-loan', money: '2000000', period: 'month-3-3' };
    await api('GET', `/v1/order/plan_v2?${new URLSearchParams(loan)}`, signedIn);
    const agreement = await api<{ version: string }>(
      'GET',
      `/v1/order/agreement?${new URLSearchParams({ ...loan, purpose_id: '101' })}`,
      signedIn,
    );
    const order = await api<{ order_id: string }>('POST', '/v1/order/loan', {
      ...signedIn,
      json: {
        pid: loan.pid,
        money: 2_000_000,
        period: loan.period,
        purpose_id: 101,
        agreement_version: agreement.version,
        agree: true,
      },
      headers: { 'idempotency-key': 'journey-order-1' },
    });
    await api('GET', '/v1/order/current', signedIn);
    await api('GET', `/v1/order/agreement?order_id=${order.order_id}`, signedIn);
    await t.app.jobs.whenIdle();
    const atBank = await api<{ list: Array<{ id: string; status: string }> }>('GET', '/dev/disbursements');
    const pending = atBank.list.find((d) => d.status === 'PENDING');
    expect(pending, 'a disbursement with the sandbox bank').toBeDefined();
    await api('POST', `/dev/disbursements/${pending!.id}/complete`);
    await t.app.jobs.whenIdle();
    const status = await api<{ loan_status: { bill_status: number } }>('GET', '/v2/user/status', signedIn);
    expect(status.loan_status.bill_status).toBe(2);

    // Repay the first instalment through a virtual account, then settle the rest.
    const bills = await api<{ options: { instalment: { amount: number } } }>(
      'GET',
      '/v1/order/bill?type=1',
      signedIn,
    );
    await api('GET', '/v1/order/repay_method?repayment_type=instalment', signedIn);
    const code1 = await api<{ code_id: string }>('POST', '/v1/order/repay', {
      ...signedIn,
      json: {
        loan_plan: order.order_id,
        repayment_type: 'instalment',
        repayment_total_amount: bills.options.instalment.amount,
        channel_id: 'VA_BCA',
      },
    });
    await api('GET', `/v1/order/repay/${code1.code_id}`, signedIn);
    await api('GET', '/dev/payments');
    await api('POST', '/dev/payments/simulate', { json: { external_id: code1.code_id } });
    await t.app.jobs.whenIdle();
    await api('GET', `/v1/order/repay/${code1.code_id}`, signedIn);
    await api('GET', '/v1/order/repay_record', signedIn);
    // Relief: asked, withdrawn, asked again, offered by staff (one proposes, another approves), read and signed.
    await api('GET', '/v1/relief', signedIn);
    const reason = 'My salary comes a week late this month.';
    const asked = await api<{ relief_id: string }>('POST', '/v1/relief', {
      ...signedIn,
      json: { order_id: order.order_id, days: 7, reason },
    });
    await api('POST', `/v1/relief/${asked.relief_id}/withdraw`, signedIn);
    const relief = await api<{ relief_id: string }>('POST', '/v1/relief', {
      ...signedIn,
      json: { order_id: order.order_id, days: 7, reason },
    });
    const admin = await verifiedAdministrator(t);
    const [collector, finance] = [
      await verifiedStaff(t, admin.token, 'collector'),
      await verifiedStaff(t, admin.token, 'finance'),
    ];
    const proposal = await adminCall<{ request_id: string }>(
      t.app,
      'POST',
      `/reliefs/${relief.relief_id}/propose`,
      {
        token: collector.token,
        body: { days: 7, reason: 'Salary letter seen' },
      },
    );
    expect(proposal.body.code).toBe(200);
    const approved = await adminCall(t.app, 'POST', `/approvals/${proposal.body.data.request_id}/approve`, {
      token: finance.token,
      body: { reason: 'No cost to the borrower' },
    });
    expect(approved.body.code).toBe(200);
    const read = await api<{ terms: string }>(
      'GET',
      `/v1/relief/${relief.relief_id}/addendum?pdf=1`,
      signedIn,
    );
    await api('POST', `/v1/relief/${relief.relief_id}/accept`, { ...signedIn, json: { terms: read.terms } });
    await t.app.jobs.whenIdle();

    const quote = await api<{ amount: number }>('GET', '/v1/order/settlement_quote', signedIn);
    await api('GET', '/v1/order/repay_method?repayment_type=settlement', signedIn);
    const code2 = await api<{ code_id: string }>('POST', '/v1/order/repay', {
      ...signedIn,
      json: {
        loan_plan: order.order_id,
        repayment_type: 'settlement',
        repayment_total_amount: quote.amount,
        channel_id: 'VA_BCA',
      },
    });
    await api('POST', '/dev/payments/simulate', { json: { external_id: code2.code_id } });
    await t.app.jobs.whenIdle();
    const after = await api<{ loan_status: { bill_status: number } }>('GET', '/v2/user/status', signedIn);
    expect(after.loan_status.bill_status).toBe(3);
    await api('GET', '/v1/order/bill?type=1', signedIn);
    await api('GET', '/v1/order/repay_record', signedIn);
    await api('GET', '/v1/order/loan_records', signedIn);
    await api('GET', `/v1/order/collection_contacts?order_id=${order.order_id}`, signedIn);
    await api('POST', '/v1/order/payment_claim', {
      ...signedIn,
      form: multipartForm(
        {
          channel_id: 'VA_BCA',
          paid_at: t.clock.now().toISOString(),
          amount: '150000',
          reference: 'TRX 123',
        },
        { field: 'proof', ...jpeg(await selfie('a')) },
      ),
    });

    // Another card from Me, confirmed by a code to the borrower's phone; it becomes the default, the first is removed.
    t.clock.advance(120);
    await api('POST', '/v1/user/bank_code', { ...signedIn, json: {} });
    const cards0 = await api<{ cards: Array<{ id: string }> }>('GET', '/v1/user/bank', signedIn);
    const cards = await api<{ cards: Array<{ id: string; is_default: boolean }> }>(
      'POST',
      '/v1/user/bank_add',
      {
        ...signedIn,
        json: {
          bank: 'BNI',
          card_num: '9876543210',
          name: 'Budi Santoso',
          sms_code: await latestCode(t.app, phone),
        },
      },
    );
    await api('POST', '/v1/user/setbank', {
      ...signedIn,
      json: { id: cards.cards.find((c) => c.is_default)!.id },
    });
    await api('POST', '/v1/user/bank_remove', { ...signedIn, json: { id: cards0.cards[0]!.id } });

    await api('GET', '/v1/order/refunds', signedIn);
    await api('GET', '/v1/order/payment_claims', signedIn);
    await api('POST', '/v1/feedback', { ...signedIn, json: { content: 'Aplikasinya mudah dipakai' } });
    await api('GET', '/v1/feedback', signedIn);
    // Me > Help: the page's content, a complaint about the journey's loan with a photo, the cases and one case.
    await api('GET', '/v1/help');
    const subjects = await api<{ orders: Array<{ order_id: string }> }>(
      'GET',
      '/v1/complaint_subjects',
      signedIn,
    );
    const complaint = await api<{ complaint_id: string }>('POST', '/v1/complaints', {
      ...signedIn,
      form: multipartForm(
        {
          category: 'loan',
          text: 'Saya ingin salinan perjanjian pinjaman saya.',
          order_id: subjects.orders[0]!.order_id,
        },
        { field: 'photo', ...jpeg(await selfie('a')) },
      ),
    });
    await api('GET', '/v1/complaints', signedIn);
    await api('GET', `/v1/complaints/${complaint.complaint_id}`, signedIn);
    // The signed-in devices: this one, the others signed out, and one named that is nobody's.
    const { list } = await api<{ list: Array<{ device_id: string; current: boolean }> }>(
      'GET',
      '/v1/user/devices',
      signedIn,
    );
    expect(list.find((d) => d.current)).toBeDefined();
    await api('POST', '/v1/user/devices/sign_out_others', signedIn);
    // Nobody at the lender has looked at this borrower's data: an empty list, in the document's shape.
    expect((await api<{ list: unknown[] }>('GET', '/v1/user/data_access', signedIn)).list).toEqual([]);
    // Referral: the code and link to share, nobody joined yet.
    expect((await api<{ friends_joined: number }>('GET', '/v1/referral', signedIn)).friends_joined).toBe(0);
    // Me > My data: the copy of everything held, the consents, a correction, and the deletion refused while the
    // payment claim above is open.
    await api('GET', '/v1/user/my_data', signedIn);
    await api('GET', '/v1/user/my_data/pdf', signedIn);
    await api('GET', '/v1/user/my_data/images', signedIn);
    await api('GET', '/v1/user/consents', signedIn);
    await api('POST', '/v1/user/consents/withdraw', { ...signedIn, json: { kind: 'emergency_contacts' } });
    await api('POST', '/v1/user/consents/restore', { ...signedIn, json: { kind: 'privacy' } });
    await api('GET', '/v1/user/corrections', signedIn);
    await api('POST', '/v1/user/corrections', {
      ...signedIn,
      json: { field: 'name', value: 'Budi Santosa', reason: 'misspelt on the KTP' },
    });
    await api('GET', '/v1/user/account_deletion', signedIn);
    await api('POST', '/v1/user/account_delete', { ...signedIn, json: { confirm: 'DELETE' } }, 4400);
    await api('POST', '/v1/user/devices/sign_out', { ...signedIn, json: { device_id: 'nobody-s' } }, 4040);
    // Pay-later at the demo shop's checkout, last (the purchase opens a loan on the first card): a visitor's view of
    // the order, then signed in, the PIN set by SMS code and the purchase. Every refusal is in test/commerce.
    const shopOrder = JSON.stringify({
      merchant_order_id: 'J-1',
      amount: 300_000,
      order_detail: [{ name: 'Kaos', quantity: 1, price: 300_000 }],
      return_url: new URL('/dev/merchant', t.app.env.PUBLIC_APP_URL).href,
    });
    const shop = { app_id: 'demo-shop', secret: DEV_COMMERCE_MERCHANT_SECRET };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/commerce/merchant/orders',
      headers: {
        'content-type': 'application/json',
        ...merchantSignatureHeaders(shop, shopOrder, t.clock.now()),
      },
      payload: shopOrder,
    });
    const signKey = created.json<{ data: { sign_key: string } }>().data.sign_key;
    await api('GET', `/v1/commerce/order_free?sign_key=${signKey}`);
    await api('GET', `/v1/commerce/product_list_free?sign_key=${signKey}`);
    await api('GET', '/v1/commerce/repay_preview_free?amount=300000&pid=pay-later-free-interest.month-3-3');
    await api(
      'GET',
      `/v1/commerce/order?sign_key=${signKey}&product_id=pay-later.month-3-3&coupon_id=PL3-50K`,
      signedIn,
    );
    await api('GET', `/v1/commerce/product_list?sign_key=${signKey}`, signedIn);
    await api('GET', '/v1/commerce/repay_preview?amount=300000&pid=pay-later.month-3-3', signedIn);
    t.clock.advance(120);
    await api('POST', '/v1/commerce/pay_pin_code', { ...signedIn, json: {} });
    const pin = { pin: '135790', pin_confirm: '135790', sms_code: (await latestCode(t.app, phone))! };
    await api('POST', '/v1/commerce/pay_pin', { ...signedIn, json: pin });
    await api('POST', '/v1/commerce/loan', {
      ...signedIn,
      json: {
        sign_key: signKey,
        product_id: 'pay-later.month-3-3',
        coupons_id: 'PL3-50K',
        pay_pin: '135790',
      },
    });
    // The pay/download page: the store link by SMS to any phone (configured here as operations would).
    const store = {
      key: 'app_download_android',
      value: 'https://play.google.com/store/apps/details?id=id.kaskita',
    };
    await t.database.db
      .insert(appConfig)
      .values({ ...store, updatedAt: t.clock.now() })
      .onConflictDoUpdate({ target: appConfig.key, set: { value: store.value } });
    await api('GET', `/v1/commerce/app_download_url?phone=${newPhone()}`);
    await api('POST', '/v1/logout', signedIn);

    // A forgotten password, reset with a code (it ends every other session: last). An hour on: the phone's hourly
    // SMS limit is spent by the journey's codes (sign-in, bank card, payment PIN).
    t.clock.advance(3600);
    await api('POST', '/v1/reset_sms', { json: { phone } });
    await api('POST', '/v1/user/set_password', {
      json: {
        phone,
        sms_code: await latestCode(t.app, phone),
        password: 'tehManis8',
        confirm_password: 'tehManis8',
        ...versions,
      },
    });

    // The journey went through the borrower's calls: those it leaves out are named, each for a reason.
    const borrowerCalls = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => BORROWER_TAGS.has(String((op as { tags?: string[] }).tags?.[0])))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(borrowerCalls.filter((key) => !seen.has(key)).sort()).toEqual(NOT_IN_THE_JOURNEY);
  }, 120_000);

  it('the same checks refuse an answer or a request the document does not declare', async () => {
    const { token } = await signIn(t.app);
    const account = (
      await call<Record<string, unknown>>(t.app, { method: 'GET', url: '/api/v1/user/account', token })
    ).body;
    const { op } = operationOf('GET', '/v1/user/account');
    const schema = op.responses['200']!.content!['application/json']!.schema;
    expect(problems(schema, account)).toEqual([]);
    const tampered = [
      { ...account, data: { ...(account.data as object), nik: '3273021708900001' } },
      { ...account, data: { ...(account.data as object), created_at: '02/03/2026 10:00' } },
      { ...account, data: { ...(account.data as object), has_password: 'no' } },
      { ...account, code: '200' },
    ];
    for (const body of tampered) expect(problems(schema, body), JSON.stringify(body)).not.toEqual([]);

    const ktp = operationOf('POST', '/v1/user/ktp').op.requestBody!.content['application/json']!.schema;
    const identity = {
      cardid: '3273021708900001',
      name: 'Budi',
      birth_date: '1990-08-17',
      gender: 1,
      religion: 1,
      marriage: 2,
    };
    expect(problems(ktp, identity)).toEqual([]);
    expect(problems(ktp, { ...identity, name: undefined })).not.toEqual([]);
    expect(problems(ktp, { ...identity, gender: 3 })).not.toEqual([]);
    expect(problems(ktp, { ...identity, birth_date: '17/08/1990' })).not.toEqual([]);
  });
});
