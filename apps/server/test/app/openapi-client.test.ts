import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

/**
 * A client developer's view: types generated from /api/openapi.json alone (openapi-typescript), and a small program
 * that signs in, fills the KTP, base and bank steps, submits and repays, compiled against them with `tsc --noEmit`.
 * Each negative case removes or breaks one thing the server requires, and must not compile.
 */

const t = useTestApp();
let dir: string;

/** Types of a call's JSON body and of its answer's `data`, as a hand-written client over `paths` would have them. */
const HELPERS = `import type { paths } from './api';

type Json<C> = C extends { content: { 'application/json': infer B } } ? B : never;
export type Body<P extends keyof paths> = paths[P] extends { post: { requestBody?: infer R } } ? Json<NonNullable<R>> : never;
export type Data<P extends keyof paths, M extends 'get' | 'post'> = paths[P] extends {
  [K in M]: { responses: { 200: { content: { 'application/json': { data: infer D } } } } };
}
  ? D
  : never;
export type Form<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { 'multipart/form-data': infer F } } };
}
  ? F
  : never;
export type Headers<P extends keyof paths> = paths[P] extends { post: { parameters: { header: infer H } } } ? H : never;

export declare function post<P extends keyof paths>(path: P, body: Body<P>): Promise<Data<P, 'post'>>;
export declare function get<P extends keyof paths>(path: P): Promise<Data<P, 'get'>>;
`;

/** The borrower's journey as a native app would code it; each marked line is what a negative case breaks. */
const JOURNEY = `import { get, post, type Form, type Headers } from './helpers';

export async function journey(): Promise<void> {
  const versions = await get('/api/v1/legal/versions');
  const session = await post('/api/v1/login', {
    phone: '081234567890',
    sms_code: '123456',
    terms_version: versions.terms_version,
    privacy_version: versions.privacy_version,
  });
  const token: string = session.token;
  void token;

  const photo: Form<'/api/v1/user/ocr_check'> = { id_card: 'the file' }; // @upload
  void photo;
  const ocr = await post('/api/v1/user/ocr_check', undefined as never);
  const readGender: 1 | 2 | null = ocr.gender;
  void readGender;

  await post('/api/v1/user/ktp', {
    cardid: '3273021708900001',
    name: 'Budi Santoso', // @ktp-name
    birth_date: '1990-08-17',
    gender: 1, // @ktp-gender
    religion: 1,
    marriage: 2,
  });
  await post('/api/v1/user/base', {
    education: 6,
    mother_maiden_name: 'Siti Aminah', // @mother
    province: '32',
    city: '32.73',
    districts: '32.73.02',
    sub_districts: '32.73.02.1004', // @village
    address: 'Jl. Ir. H. Juanda No. 10',
    zip_code: '40135',
    live_duration: 4,
  });
  await post('/api/v1/user/social', {
    socials: JSON.stringify([
      { relation: 2, name: 'Dewi Lestari', phone: '081234560001' },
      { relation: 7, name: 'Andi Wijaya', phone: '081234560002' },
    ]),
    contact_consent: true,
    expect_amount: 3000000,
    expect_period: 6,
  });
  await post('/api/v1/user/bank', { bank: 'BCA', card_num: '1234567890', name: 'Budi Santoso' }); // @bank

  const where: Headers<'/api/v2/user/submit'> = { os: '4', lon: '106.8271530', lat: '-6.1753924' }; // @location
  void where;
  const countdown = await post('/api/v2/user/submit', {});
  const seconds: number = countdown.countdown;
  void seconds;

  const status = await get('/api/v2/user/status');
  const verify: 0 | 1 | 2 | 3 = status.verify;
  const billStatus: 0 | 1 | 2 | 3 | 4 = status.loan_status.bill_status;
  void verify;
  void billStatus;

  const order = await post('/api/v1/order/loan', {
    pid: 'cash-loan',
    money: 2000000,
    period: 'month-3-3',
    purpose_id: 101,
    agreement_version: '2026-11-26',
    agree: true,
  });
  const bills = await get('/api/v1/order/bill');
  const amount = bills.options?.instalment?.amount ?? 0;
  const code = await post('/api/v1/order/repay', {
    loan_plan: order.order_id,
    repayment_type: 'instalment', // @repayment-type
    repayment_total_amount: amount,
    channel_id: 'VA_BCA',
  });
  const number: string = code.number;
  void number;
}
`;

/** Each case: the marked line's replacement, and what the compiler's complaint must say (the field, or its codes). */
const BROKEN: Record<string, { replace: [string, string]; says: string }> = {
  'the KTP without a name': { replace: ["name: 'Budi Santoso', // @ktp-name", ''], says: 'name' },
  'a gender code that does not exist': {
    replace: ['gender: 1, // @ktp-gender', 'gender: 3,'],
    says: "'2 | 1'",
  },
  "base info without the mother's maiden name": {
    replace: ["mother_maiden_name: 'Siti Aminah', // @mother", ''],
    says: 'mother_maiden_name',
  },
  'base info without the village': {
    replace: ["sub_districts: '32.73.02.1004', // @village", ''],
    says: 'sub_districts',
  },
  'the bank account without its holder': {
    replace: ["name: 'Budi Santoso' }); // @bank", '});'],
    says: 'name',
  },
  'a repayment type that does not exist': {
    replace: ["repayment_type: 'instalment', // @repayment-type", "repayment_type: 'monthly',"],
    says: '"instalment" | "due" | "settlement"',
  },
  'the KTP upload without its file': {
    replace: ["{ id_card: 'the file' }; // @upload", '{};'],
    says: 'id_card',
  },
  'submit without the latitude header': {
    replace: ["lon: '106.8271530', lat: '-6.1753924' }; // @location", "lon: '106.8271530' };"],
    says: 'lat',
  },
};

function compile(journey: string): readonly ts.Diagnostic[] {
  writeFileSync(join(dir, 'journey.ts'), journey);
  const program = ts.createProgram([join(dir, 'journey.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    lib: ['lib.es2022.d.ts'],
  });
  return ts.getPreEmitDiagnostics(program);
}

const text = (diagnostics: readonly ts.Diagnostic[]) =>
  diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');

describe('a client generated from the OpenAPI document', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kaskita-client-'));
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const types = astToString(await openapiTS(res.json()));
    writeFileSync(join(dir, 'api.d.ts'), types);
    writeFileSync(join(dir, 'helpers.ts'), HELPERS);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles a program that signs in, fills the profile, submits, borrows and repays', () => {
    const diagnostics = compile(JOURNEY);
    expect(text(diagnostics)).toBe('');
  }, 60_000);

  for (const [name, { replace, says }] of Object.entries(BROKEN)) {
    it(`refuses ${name}`, () => {
      const [line, replacement] = replace;
      expect(JOURNEY).toContain(line);
      const diagnostics = compile(JOURNEY.replace(line, replacement));
      expect(diagnostics.length, name).toBeGreaterThan(0);
      expect(text(diagnostics)).toContain(says);
    }, 60_000);
  }
});
