import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminComplaintDetail, AdminComplaintRow } from '@kaskita/domain/contract/admin-complaints';
import type {
  ComplaintDetail,
  ComplaintSubjects,
  HelpContent,
  MyComplaints,
} from '@kaskita/domain/contract/complaints';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import { complaints } from '../../src/modules/complaints/complaints-schema.ts';
import { appConfig } from '../../src/modules/config/config-schema.ts';
import { capturedLogger } from '../helpers/captured-log.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, order } from '../loans/loan-helpers.ts';
import { plainPhoto } from '../profile/profile-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff, type StaffLogin } from '../staff/staff-helpers.ts';
import { sentTo, userByPhone } from '../helpers/sealed-phones.ts';

const storageDir = mkdtempSync(join(tmpdir(), 'kaskita-complaints-'));
const { lines, logger } = capturedLogger();
const t = useTestApp({ logger, env: { STORAGE_DIR: storageDir } });

/** The test clock starts on Monday 2 March 2026, 10:00 WIB: ten working days on is Monday 16 March. */
const DUE = '2026-03-16';
const TEXT = 'The late fee on my second bill is higher than the agreement says.';

async function borrower() {
  const { token, phone } = await signIn(t.app);
  const user = await userByPhone(t.app, t.database.db, phone);
  return { token, phone, userId: user!.id };
}

type Photo = { filename: string; contentType: string; bytes: Uint8Array; field?: string };

function file(
  token: string,
  fields: Record<string, string>,
  photo?: Photo,
  headers: Record<string, string> = {},
) {
  const form = multipartForm(fields, photo && { field: photo.field ?? 'photo', ...photo });
  return call<ComplaintDetail>(t.app, {
    method: 'POST',
    url: '/api/v1/complaints',
    token,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

const mine = (token: string) =>
  call<MyComplaints>(t.app, { method: 'GET', url: '/api/v1/complaints', token });
const one = (token: string, id: string) =>
  call<ComplaintDetail>(t.app, { method: 'GET', url: `/api/v1/complaints/${id}`, token });

/** The SMS about complaints delivered to a phone, oldest first, as the dev provider received them. */
async function complaintSms(phone: string): Promise<string[]> {
  await t.app.jobs.whenIdle();
  const rows = await t.database.db
    .select()
    .from(messageOutbox)
    .where(and(sentTo(t.app, phone), like(messageOutbox.idempotencyKey, 'complaint-%')));
  expect(rows.every((r) => r.status === 'sent')).toBe(true);
  const delivered = await call<Array<{ text: string }>>(t.app, {
    method: 'GET',
    url: `/api/dev/outbox?phone=${phone}`,
  });
  return delivered.body.data
    .map((m) => m.text)
    .filter((text) => /pengaduan|complaint/i.test(text))
    .reverse();
}

let admin: StaffLogin | undefined;
const administrator = async () => (admin ??= await verifiedAdministrator(t));
let support: StaffLogin | undefined;
const supportMember = async () =>
  (support ??= await verifiedStaff(t, (await administrator()).token, 'customer_support'));

const auditOf = (command: string, subjectId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.command, command), eq(auditLog.subjectId, subjectId)));

/** An app_config row as operations would write it. */
const setConfig = (key: string, value: unknown) =>
  t.database.db
    .insert(appConfig)
    .values({ key, value, updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: appConfig.key, set: { value } });

describe('the help page’s content', () => {
  it('answers without a session: questions in both languages, the channels and hours from configuration', async () => {
    const { body } = await call<HelpContent>(t.app, { method: 'GET', url: '/api/v1/help' });
    expect(body.code).toBe(200);
    expect(body.data.channels).toEqual({
      phone: '1500-827',
      email: 'cs@kaskita.co.id',
      complaint_email: 'pengaduan@kaskita.co.id',
      whatsapp: '+6281115008270',
      hours: 'Senin-Minggu 08:00-20:00 WIB',
    });
    expect(body.data).toMatchObject({ answer_working_days: 10, extension_working_days: 10 });
    expect(body.data.faq.length).toBeGreaterThan(5);
    for (const item of body.data.faq) {
      expect(item.question['id-ID']).not.toBe(item.question['en-US']);
      expect(item.answer['id-ID'].length).toBeGreaterThan(20);
    }
  });

  it('takes the questions and a channel edited in app_config, and ignores a questions row it cannot read', async () => {
    const faq = [
      {
        id: 'edited',
        question: { 'id-ID': 'Pertanyaan baru?', 'en-US': 'A new question?' },
        answer: { 'id-ID': 'Jawaban baru.', 'en-US': 'A new answer.' },
      },
    ];
    await setConfig('help_faq', faq);
    await setConfig('support_whatsapp', '+6281200001111');
    const edited = (await call<HelpContent>(t.app, { method: 'GET', url: '/api/v1/help' })).body.data;
    expect(edited.faq).toEqual(faq);
    expect(edited.channels.whatsapp).toBe('+6281200001111');

    await t.database.db.execute(sql`update app_config set value = '[{"id": "half"}]' where key = 'help_faq'`);
    const fallen = (await call<HelpContent>(t.app, { method: 'GET', url: '/api/v1/help' })).body.data;
    expect(fallen.faq.map((f) => f.id)).toContain('complaint');
    await t.database.db.execute(sql`delete from app_config where key = 'help_faq'`);
    await setConfig('support_whatsapp', '+6281115008270');
  });
});

describe('filing a complaint', () => {
  it('opens a case with a number and the 10-working-day deadline, confirmed by SMS in the caller’s language', async () => {
    const b = await borrower();
    const { res, body } = await file(b.token, { category: 'bill', text: TEXT }, undefined, { lan: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({
      category: 'bill',
      status: 'open',
      text: TEXT,
      order_id: null,
      payment_id: null,
      has_photo: false,
      answer_by: DUE,
      extended: false,
      extension_reason: null,
      working_days_left: 10,
      overdue: false,
      events: [{ kind: 'filed', text: null, answer_by: DUE }],
    });
    expect(body.data.case_number).toMatch(/^KP-[2-9A-HJKMNP-Z]{7}$/);

    const [sms] = await complaintSms(b.phone);
    expect(sms).toBe(
      `KasKita: we received your complaint, case ${body.data.case_number}. We will answer by 16 March 2026 (10 working days). Follow it in the app: Me > Help.`,
    );
    const indonesian = await borrower();
    await file(indonesian.token, { category: 'other', text: TEXT }, undefined, { lan: 'id-ID' });
    expect((await complaintSms(indonesian.phone))[0]).toContain(
      'paling lambat 16 Maret 2026 (10 hari kerja)',
    );
  });

  it('keeps the text encrypted at rest, and shows it to its borrower alone', async () => {
    const owner = await borrower();
    const other = await borrower();
    const filed = (await file(owner.token, { category: 'account', text: 'Account 1234567890 is not mine' }))
      .body;
    const id = filed.data.complaint_id;
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row!.textEnc).not.toContain('1234567890');

    expect((await mine(owner.token)).body.data.list.map((c) => c.complaint_id)).toEqual([id]);
    expect((await one(owner.token, id)).body.data.text).toBe('Account 1234567890 is not mine');
    // Another borrower: not in their list, and the case itself is not found.
    expect((await mine(other.token)).body.data.list).toEqual([]);
    const refused = await one(other.token, id);
    expect(refused.res.statusCode).toBe(404);
    expect(refused.body.code).toBe(4040);
    expect((await one(owner.token, 'no-such-case')).body.code).toBe(4040);
    // And nobody without a session.
    expect((await call(t.app, { method: 'GET', url: `/api/v1/complaints/${id}` })).body.code).toBe(4047);
    const anonymous = multipartForm({ category: 'other', text: TEXT });
    expect((await call(t.app, { method: 'POST', url: '/api/v1/complaints', ...anonymous })).body.code).toBe(
      4047,
    );
  });

  it('refuses bad fields with 4000 and a message under each, files nothing and counts nothing', async () => {
    const b = await borrower();
    const empty = await file(b.token, {}, undefined, { lan: 'en-US' });
    expect(empty.res.statusCode).toBe(400);
    expect(empty.body).toMatchObject({
      code: 4000,
      data: { fields: { category: 'complaint.category_required', text: 'complaint.text_required' } },
    });
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ category: 'weather', text: TEXT }, 'category', 'complaint.category_required'],
      [{ category: 'bill', text: 'too short' }, 'text', 'complaint.text_too_short'],
      [{ category: 'bill', text: 'x'.repeat(2001) }, 'text', 'complaint.text_too_long'],
      [
        { category: 'bill', text: TEXT, order_id: 'someone-elses-loan' },
        'order_id',
        'complaint.order_unknown',
      ],
      [{ category: 'bill', text: TEXT, payment_id: 'a-payment' }, 'payment_id', 'complaint.payment_unknown'],
    ];
    for (const [fields, field, key] of cases) {
      const { body } = await file(b.token, fields);
      expect(body.code, JSON.stringify(fields).slice(0, 80)).toBe(4000);
      expect(body.data).toEqual({ fields: { [field]: key } });
    }
    expect((await mine(b.token)).body.data.list).toEqual([]);
    // Nothing counted: three good ones still go through.
    for (let k = 0; k < 3; k += 1)
      expect((await file(b.token, { category: 'other', text: TEXT })).body.code).toBe(200);
  });

  it('refuses a photo that is not an image or too large with the photo codes, and keeps a good one encrypted', async () => {
    const b = await borrower();
    const fields = { category: 'payment', text: TEXT };
    const pdf = await file(b.token, fields, {
      filename: 'letter.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7 not a photo'),
    });
    expect(pdf.res.statusCode).toBe(415);
    expect(pdf.body.code).toBe(4151);
    const big = Buffer.concat([await plainPhoto(), Buffer.alloc(3 * 1024 * 1024)]);
    const large = await file(b.token, fields, { filename: 'p.jpg', contentType: 'image/jpeg', bytes: big });
    expect(large.res.statusCode).toBe(413);
    expect(large.body.code).toBe(4131);
    const misnamed = await file(b.token, fields, {
      field: 'proof',
      filename: 'p.jpg',
      contentType: 'image/jpeg',
      bytes: await plainPhoto(),
    });
    expect(misnamed.body).toMatchObject({ code: 4000, data: { fields: { proof: 'field.invalid' } } });
    expect((await mine(b.token)).body.data.list).toEqual([]);
    expect(await complaintSms(b.phone)).toEqual([]);

    const { body } = await file(b.token, fields, {
      filename: 'screen.png',
      contentType: 'image/png',
      bytes: await plainPhoto('png'),
    });
    expect(body.data.has_photo).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(complaints)
      .where(eq(complaints.id, body.data.complaint_id));
    expect(row!.photoKey).toBe(`complaints/${b.userId}/${body.data.complaint_id}.jpg`);
    const folder = join(storageDir, 'complaints', b.userId);
    const onDisk = readFileSync(join(folder, readdirSync(folder)[0]!));
    expect(onDisk.subarray(0, 3)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Staff see it decrypted, once per look, each look audited.
    const seen = await adminCall<{ content_type: string; data: string }>(
      t.app,
      'POST',
      `/complaints/${body.data.complaint_id}/photo`,
      { token: (await supportMember()).token, body: {} },
    );
    expect(seen.res.headers['cache-control']).toBe('no-store');
    expect(Buffer.from(seen.body.data.data, 'base64').subarray(0, 3)).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    expect(await auditOf('complaint.photo_view', body.data.complaint_id)).toHaveLength(1);
  });

  it('takes at most 3 complaints a day from one borrower (4390)', async () => {
    const b = await borrower();
    for (let k = 1; k <= 3; k += 1)
      expect(
        (await file(b.token, { category: 'other', text: `${TEXT} (${k})` })).body.code,
        `complaint ${k}`,
      ).toBe(200);
    const fourth = await file(b.token, { category: 'other', text: TEXT });
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.body.code).toBe(4390);
    expect((await mine(b.token)).body.data.list).toHaveLength(3);
  });

  it('is about the borrower’s own loan when they name it, never another’s', async () => {
    const owner = await approvedBorrower(t.app, t.database.db, t.clock.now());
    const placed = await order(t.app, owner.token);
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const loanId = placed.body.data.order_id;
    const subjects = (
      await call<ComplaintSubjects>(t.app, {
        method: 'GET',
        url: '/api/v1/complaint_subjects',
        token: owner.token,
      })
    ).body.data;
    expect(subjects.orders).toEqual([expect.objectContaining({ order_id: loanId, amount: 2_000_000 })]);
    const filed = await file(owner.token, { category: 'loan', text: TEXT, order_id: loanId });
    expect(filed.body.data.order_id).toBe(loanId);

    const other = await borrower();
    const theirs = (
      await call<ComplaintSubjects>(t.app, {
        method: 'GET',
        url: '/api/v1/complaint_subjects',
        token: other.token,
      })
    ).body.data;
    expect(theirs).toEqual({ orders: [], payments: [] });
    const refused = await file(other.token, { category: 'loan', text: TEXT, order_id: loanId });
    expect(refused.body).toMatchObject({
      code: 4000,
      data: { fields: { order_id: 'complaint.order_unknown' } },
    });
  });
});

describe('the complaints desk', () => {
  it('takes a case up, answers it (the borrower reads it), extends it once with the reason, and closes it', async () => {
    const b = await borrower();
    const filed = (await file(b.token, { category: 'collection', text: TEXT }, undefined, { lan: 'en-US' }))
      .body.data;
    const id = filed.complaint_id;
    const member = await supportMember();
    const post = <T = AdminComplaintDetail>(step: string, body: Record<string, unknown> = {}) =>
      adminCall<T>(t.app, 'POST', `/complaints/${id}/${step}`, { token: member.token, body });

    const listed = await adminCall<{ items: AdminComplaintRow[] }>(
      t.app,
      'GET',
      `/complaints?case_number=${filed.case_number}`,
      {
        token: member.token,
      },
    );
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({
        id,
        status: 'open',
        answer_by: DUE,
        working_days_left: 10,
        user_id: b.userId,
      }),
    ]);

    const started = await post('start');
    expect(started.body.data).toMatchObject({
      status: 'in_progress',
      can: { start: false, answer: true, extend: true, close: false },
    });
    expect((await post('close', { note: 'done' })).body.code).toBe(4391);

    const extended = await post('extend', {
      reason: 'We are waiting for the collection agency’s call records.',
    });
    expect(extended.body.data).toMatchObject({
      status: 'in_progress',
      extended: true,
      answer_by: '2026-03-31',
      first_answer_by: DUE,
      extension_reason: 'We are waiting for the collection agency’s call records.',
    });
    const again = await post('extend', { reason: 'more time' });
    expect(again.res.statusCode).toBe(409);
    expect(again.body.code).toBe(4392);

    const answer = 'We listened to the calls: the agent broke our rules and was removed from your case.';
    const answered = await post('answer', { answer });
    expect(answered.body.data).toMatchObject({ status: 'answered', can: { close: true, extend: false } });

    // The borrower follows it in the app: the steps, the new deadline and the answer, never who gave it.
    const seen = (await one(b.token, id)).body.data;
    expect(seen).toMatchObject({ status: 'answered', answer_by: '2026-03-31', extended: true });
    expect(seen.events).toEqual([
      expect.objectContaining({ kind: 'filed', answer_by: DUE, text: null }),
      expect.objectContaining({ kind: 'started', text: null }),
      expect.objectContaining({
        kind: 'extended',
        answer_by: '2026-03-31',
        text: 'We are waiting for the collection agency’s call records.',
      }),
      expect.objectContaining({ kind: 'answered', text: answer }),
    ]);
    expect(JSON.stringify(seen)).not.toContain(member.staffId);

    const closed = await post('close', { note: 'Agent removed; apology sent.' });
    expect(closed.body.data.status).toBe('closed');
    expect((await post('answer', { answer: 'one more' })).body.code).toBe(4391);

    // An SMS at each step, in English as filed: the reason and the new date told, the answer's text never. Each step's
    // SMS is delivered by its own job, so two steps a moment apart may arrive in either order.
    const sms = await complaintSms(b.phone);
    expect(sms).toHaveLength(5);
    expect(sms).toContain(
      `KasKita: we are handling your complaint ${filed.case_number}. We will answer by 16 March 2026.`,
    );
    expect(sms).toContain(
      `KasKita: the answer to your complaint ${filed.case_number} needs more time: We are waiting for the collection agency’s call records. We will answer by 31 March 2026.`,
    );
    expect(sms.filter((text) => text.includes('Read the answer in the app'))).toHaveLength(1);
    expect(sms.join('\n')).not.toContain('agent broke our rules');
    expect(sms.filter((text) => text.includes('is closed'))).toHaveLength(1);

    // Every step audited with who and the words the borrower read.
    for (const [command, reason] of [
      ['complaint.start', 'Taken up to answer'],
      ['complaint.extend', 'We are waiting for the collection agency’s call records.'],
      ['complaint.answer', answer],
      ['complaint.close', 'Agent removed; apology sent.'],
    ] as const) {
      const [audit] = await auditOf(command, id);
      expect(audit, command).toMatchObject({ actorKind: 'staff', actorId: member.staffId, reason });
    }
  });

  it('lists the overdue first, refuses an extension after the deadline, and never closes a case unanswered', async () => {
    const b = await borrower();
    const late = (await file(b.token, { category: 'bill', text: `${TEXT} late` })).body.data;
    const fresh = (await file(b.token, { category: 'bill', text: `${TEXT} fresh` })).body.data;
    // Filed two weeks ago, as far as the deadline goes.
    await t.database.db
      .update(complaints)
      .set({ answerBy: '2026-02-27', firstAnswerBy: '2026-02-27' })
      .where(eq(complaints.id, late.complaint_id));
    const member = await supportMember();
    const overdue = await adminCall<{ items: AdminComplaintRow[]; total: number }>(
      t.app,
      'GET',
      '/complaints?overdue=true',
      { token: member.token },
    );
    expect(overdue.body.data.items.map((r) => r.id)).toEqual([late.complaint_id]);
    expect(overdue.body.data.items[0]).toMatchObject({ overdue: true, working_days_left: -1 });
    const all = await adminCall<{ items: AdminComplaintRow[] }>(t.app, 'GET', '/complaints?page_size=100', {
      token: member.token,
    });
    const ids = all.body.data.items.map((r) => r.id);
    expect(ids[0]).toBe(late.complaint_id);
    expect(ids.indexOf(fresh.complaint_id)).toBeGreaterThan(0);

    const tooLate = await adminCall(t.app, 'POST', `/complaints/${late.complaint_id}/extend`, {
      token: member.token,
      body: { reason: 'more time' },
    });
    expect(tooLate.body.code).toBe(4393);
    const unanswered = await adminCall(t.app, 'POST', `/complaints/${fresh.complaint_id}/close`, {
      token: member.token,
      body: { note: 'nothing to do' },
    });
    expect(unanswered.body.code).toBe(4391);
    // The borrower sees theirs as overdue too.
    const theirs = (await one(b.token, late.complaint_id)).body.data;
    expect(theirs).toMatchObject({ overdue: true, working_days_left: -1 });
  });

  it('is for members holding complaint.answer only, and an unknown case is not found', async () => {
    const b = await borrower();
    const filed = (await file(b.token, { category: 'other', text: TEXT })).body.data;
    const finance = await verifiedStaff(t, (await administrator()).token, 'finance');
    const refused = await adminCall(t.app, 'GET', `/complaints/${filed.complaint_id}`, {
      token: finance.token,
    });
    expect(refused.res.statusCode).toBe(403);
    const answer = await adminCall(t.app, 'POST', `/complaints/${filed.complaint_id}/answer`, {
      token: finance.token,
      body: { answer: 'hello' },
    });
    expect(answer.res.statusCode).toBe(403);
    // A borrower's token is no staff session.
    const asBorrower = await adminCall(t.app, 'GET', '/complaints', { token: b.token });
    expect(asBorrower.res.statusCode).toBe(401);
    const member = await supportMember();
    expect((await adminCall(t.app, 'GET', '/complaints/nope', { token: member.token })).body.code).toBe(4040);
    expect(
      (
        await adminCall(t.app, 'POST', '/complaints/nope/answer', {
          token: member.token,
          body: { answer: 'x' },
        })
      ).body.code,
    ).toBe(4040);
    const empty = await adminCall(t.app, 'POST', `/complaints/${filed.complaint_id}/answer`, {
      token: member.token,
      body: { answer: '  ' },
    });
    expect(empty.body.code).toBe(4000);
    expect((await one(b.token, filed.complaint_id)).body.data.status).toBe('open');
  });
});

describe('logging', () => {
  it('writes no complaint text, phone or photo', async () => {
    lines.length = 0;
    const b = await borrower();
    const photo = await plainPhoto();
    await file(
      b.token,
      { category: 'other', text: 'SECRET-COMPLAINT-WORDS about my account' },
      { filename: 'p.jpg', contentType: 'image/jpeg', bytes: photo },
    );
    await file(b.token, { category: 'nothing', text: 'SECRET-COMPLAINT-WORDS again' });
    await t.app.jobs.whenIdle();
    const log = lines.join('');
    expect(log).toContain('/api/v1/complaints');
    for (const secret of [
      'SECRET-COMPLAINT-WORDS',
      b.phone.slice(-8),
      photo.subarray(0, 24).toString('base64'),
    ])
      expect(log).not.toContain(secret);
  });
});
