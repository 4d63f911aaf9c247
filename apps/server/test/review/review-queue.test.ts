import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homePageFor } from '@kaskita/domain/routing/home-page';
import type { UserStatus } from '@kaskita/domain/contract/user';
import { auditLog, messageOutbox } from '../../src/db/schema.ts';
import { creditApplications } from '../../src/modules/application/application-schema.ts';
import { borrowerProfiles } from '../../src/modules/profile/profile-schema.ts';
import { OCR_TEXT_PURPOSE } from '../../src/modules/profile/ktp-service.ts';
import { faceChecks } from '../../src/modules/verification/verification-schema.ts';
import { fieldContext } from '../../src/security/data-cipher.ts';
import {
  completedBorrower,
  markChecksPassed,
  submit,
  type Borrower,
} from '../application/application-helpers.ts';
import { skipRetryWaits } from '../helpers/job-helpers.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff, type StaffLogin } from '../staff/staff-helpers.ts';

const t = useTestApp();

interface QueuePage {
  total: number;
  items: {
    application_id: string;
    borrower: { id: string; name_masked: string };
    flags: { code: string }[];
  }[];
}

async function applicationOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(creditApplications)
    .where(eq(creditApplications.userId, userId));
  return row!;
}

async function decisionMessages(applicationId: string) {
  return t.database.db
    .select()
    .from(messageOutbox)
    .where(like(messageOutbox.idempotencyKey, `credit-decision:${applicationId}:%`));
}

/** A borrower ready to submit; `setup` adjusts what the rules read before the submit. */
async function applicant(
  options: { serial?: string; salaryRange?: number; faceDistance?: number } = {},
): Promise<Borrower> {
  const b = await completedBorrower(t.app, options.serial ? { serial: options.serial } : {});
  await markChecksPassed(t.database.db, b.userId, t.clock.now());
  if (options.salaryRange !== undefined)
    await t.database.db
      .update(borrowerProfiles)
      .set({ salaryRange: options.salaryRange })
      .where(eq(borrowerProfiles.userId, b.userId));
  if (options.faceDistance !== undefined)
    await t.database.db.insert(faceChecks).values({
      id: crypto.randomUUID(),
      userId: b.userId,
      result: 'pass',
      distance: options.faceDistance,
      provider: 'test',
      createdAt: t.clock.now(),
    });
  return b;
}

async function submitted(b: Borrower) {
  expect((await submit(t.app, b.token)).body.code).toBe(200);
  await t.app.jobs.whenIdle();
  // Each application reaches the queue a second after the one before: "oldest first" has an order to keep.
  t.clock.advance(1);
  return b;
}

const queue = (token: string, query = '') =>
  adminCall<QueuePage>(t.app, 'GET', `/applications/review${query}`, { token });

const status = async (b: Borrower) => (await get<UserStatus>(t.app, b.token, '/v2/user/status')).body.data;

let admin: StaffLogin;
let reviewer: StaffLogin;
/** Submitted in this order (income 6,500,000 a month, salary range 3 unless said). */
const b: Record<string, Borrower> = {};

describe('the review queue', () => {
  it('holds exactly the applications the rules hand to a person, oldest first, a page at a time', async () => {
    // First, as its wait moves the clock two hours (past every session's life): the bureau does not answer.
    b.bureau = await applicant({ serial: '9906' });
    expect((await submit(t.app, b.bureau.token)).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    expect((await applicationOf(b.bureau.userId)).state).toBe('auditing'); // retried at first
    t.clock.advance(121 * 60);
    await skipRetryWaits(t.database.db);
    await t.app.jobs.whenIdle();

    admin = await verifiedAdministrator(t);
    reviewer = await verifiedStaff(t, admin.token, 'risk_reviewer');
    b.plain = await submitted(await applicant());
    // 6,500,000 against "under Rp2,000,000": more than 3 times the top of the range.
    b.income = await submitted(await applicant({ salaryRange: 1 }));
    // 6,500,000 against "Rp2,000,000 - Rp4,000,000": under 3 times its top, not doubtful.
    b.incomeWithin = await submitted(await applicant({ salaryRange: 2 }));
    b.faceNear = await submitted(await applicant({ faceDistance: 0.47 }));
    b.faceClear = await submitted(await applicant({ faceDistance: 0.3 }));
    // Doubtful income, but the rules reject it (arrears elsewhere): a rejection stands without a person.
    b.rejected = await submitted(await applicant({ serial: '9903', salaryRange: 1 }));

    const states = Object.fromEntries(
      await Promise.all(Object.entries(b).map(async ([k, v]) => [k, (await applicationOf(v.userId)).state])),
    );
    expect(states).toEqual({
      bureau: 'review',
      plain: 'approved',
      income: 'review',
      incomeWithin: 'approved',
      faceNear: 'review',
      faceClear: 'approved',
      rejected: 'rejected',
    });

    const all = await queue(reviewer.token);
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.items.map((r) => [r.borrower.id, r.flags.map((f) => f.code)])).toEqual([
      [b.bureau!.userId, ['bureau_unavailable']],
      [b.income!.userId, ['income_above_range']],
      [b.faceNear!.userId, ['face_distance_near_threshold']],
    ]);
    expect(all.body.data.items[0]!.borrower.name_masked).toBe('B*** S******');
    const second = await queue(reviewer.token, '?page=2&page_size=2');
    expect([second.body.data.total, second.body.data.items.map((r) => r.borrower.id)]).toEqual([
      3,
      [b.faceNear!.userId],
    ]);
  });

  it('tells the borrower honestly that a person is checking: verify 1, in review, no decision message', async () => {
    const borrower = b.income!;
    expect((await status(borrower)).verify).toBe(1);
    const countdown = await call<{ in_review: boolean; verify: number }>(t.app, {
      method: 'POST',
      url: '/api/v5/user/credit_countdown',
      token: borrower.token,
      payload: {},
    });
    expect(countdown.body.data).toMatchObject({ verify: 1, in_review: true });
    const view = await get<{ state: string }>(t.app, borrower.token, '/v1/user/application');
    expect(view.body.data.state).toBe('review');
    expect(await decisionMessages((await applicationOf(borrower.userId)).id)).toHaveLength(0);
  });

  it("shows the reviewer every rule's outcome, the face distance and OCR's verdict beside what was typed", async () => {
    const borrower = b.faceNear!;
    const application = await applicationOf(borrower.userId);
    // OCR read the NIK right and the name wrong (stored encrypted as the KTP step stores it).
    const [profile] = await t.database.db
      .select()
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, borrower.userId));
    const nik = t.app.borrowers.reveals.nik(borrower.userId, profile!.nikEnc);
    const reading = {
      ktp_id_number: nik,
      name: 'BUDI SANTOS0',
      date_of_birth: t.app.borrowers.reveals.typedIdentity(borrower.userId, profile!).birthDate,
      gender: null,
      religion: 1,
      marital: 2,
      confidence: 87,
    };
    await t.database.db
      .update(borrowerProfiles)
      .set({
        ocrTextEnc: t.app.infra.dataProtection.cipher.encryptField(
          JSON.stringify(reading),
          fieldContext(OCR_TEXT_PURPOSE, borrower.userId),
        ),
      })
      .where(eq(borrowerProfiles.userId, borrower.userId));

    const detail = await adminCall<Record<string, unknown>>(
      t.app,
      'GET',
      `/applications/review/${application.id}`,
      {
        token: reviewer.token,
      },
    );
    expect(detail.body.code).toBe(200);
    const data = detail.body.data as {
      rules: { rule: string; passed: boolean }[];
      face: { distance: number; threshold: number; review_from: number };
      ocr: { confidence: number; fields: { field: string; matches: boolean | null }[] };
      flags: { code: string }[];
      suggested_limit: number;
      limit_range: { min: number; max: number; step: number };
    };
    expect(data.rules.map((r) => [r.rule, r.passed])).toEqual([
      ['eligibility', true],
      ['platforms', true],
      ['affordability', true],
      ['scorecard', true],
    ]);
    expect(data.face).toMatchObject({ distance: 0.47, threshold: 0.5, review_from: 0.45 });
    expect(data.ocr.confidence).toBe(87);
    expect(Object.fromEntries(data.ocr.fields.map((f) => [f.field, f.matches]))).toEqual({
      nik: true,
      name: false,
      birth_date: true,
      gender: null,
      religion: true,
      marital: true,
    });
    expect(data.suggested_limit).toBeGreaterThan(0);
    // Masked: neither the NIK nor the name is anywhere in the answer.
    expect(JSON.stringify(detail.body)).not.toContain(nik!);
    expect(JSON.stringify(detail.body)).not.toContain('SANTOSO');
  });
});

describe("a reviewer's decision", () => {
  it('approves through the application service: status, limit, SMS and home page follow as for the rules', async () => {
    const automatic = b.plain!;
    const reviewed = b.income!;
    const application = await applicationOf(reviewed.userId);
    const detail = await adminCall<{ limit_range: { min: number; step: number } }>(
      t.app,
      'GET',
      `/applications/review/${application.id}`,
      { token: reviewer.token },
    );
    const limit = detail.body.data.limit_range.min + 2 * detail.body.data.limit_range.step;
    const decided = await adminCall(t.app, 'POST', `/applications/review/${application.id}/decide`, {
      token: reviewer.token,
      body: { outcome: 'approve', limit_amount: limit, reason: 'payslip seen: income is real' },
    });
    expect(decided.body).toMatchObject({
      code: 200,
      data: { application_id: application.id, state: 'approved', limit_amount: limit },
    });

    const [after, auto] = [await status(reviewed), await status(automatic)];
    expect(after).toEqual(auto);
    expect(homePageFor(after).page).toBe('loan-product');
    const limits = await get<{ limit_amount: number; approved: boolean }>(
      t.app,
      reviewed.token,
      '/v1/limit_amount',
    );
    expect(limits.body.data).toMatchObject({ approved: true, limit_amount: limit });
    const view = await get<{ state: string }>(t.app, reviewed.token, '/v1/user/application');
    expect(view.body.data.state).toBe('approved');
    const messages = await decisionMessages(application.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.channel).toBe('sms');

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'application.review.decide'), eq(auditLog.subjectId, application.id)));
    expect(audit).toMatchObject({
      actorKind: 'staff',
      actorId: reviewer.staffId,
      outcome: 'approved',
      reason: 'payslip seen: income is real',
    });
    expect((await applicationOf(reviewed.userId)).decidedBy).toBe(`reviewer:${reviewer.staffId}`);

    // Decided: it has left the queue, and a second decision is refused.
    expect((await queue(reviewer.token)).body.data.items.map((r) => r.application_id)).not.toContain(
      application.id,
    );
    const again = await adminCall(t.app, 'POST', `/applications/review/${application.id}/decide`, {
      token: reviewer.token,
      body: { outcome: 'reject', reason: 'changed my mind' },
    });
    expect(again.body.code).toBe(4341);
  });

  it('rejects with a reason the audit keeps; the borrower sees a rejection with its reapply date', async () => {
    const reviewed = b.faceNear!;
    const application = await applicationOf(reviewed.userId);
    const decided = await adminCall(t.app, 'POST', `/applications/review/${application.id}/decide`, {
      token: reviewer.token,
      body: { outcome: 'reject', reason: 'selfie is not the KTP holder' },
    });
    expect(decided.body.code).toBe(200);
    const after = await status(reviewed);
    expect(after.verify).toBe(3);
    expect(homePageFor(after).page).toBe('into-fail');
    const view = await get<{ state: string; reapply_date: string; reasons: { code: string }[] }>(
      t.app,
      reviewed.token,
      '/v1/user/application',
    );
    expect(view.body.data).toMatchObject({ state: 'rejected', reasons: [{ code: 'reviewer_decision' }] });
    expect(view.body.data.reapply_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await decisionMessages(application.id)).toHaveLength(1);
  });

  it('refuses a limit off the product range or step, and an approval without a limit, changing nothing', async () => {
    const application = await applicationOf(b.bureau!.userId);
    for (const body of [
      { outcome: 'approve', limit_amount: 1, reason: 'x' },
      { outcome: 'approve', limit_amount: 999_999_999, reason: 'x' },
      { outcome: 'approve', reason: 'x' },
      { outcome: 'approve', limit_amount: 1_000_000, reason: '' },
    ]) {
      const res = await adminCall(t.app, 'POST', `/applications/review/${application.id}/decide`, {
        token: reviewer.token,
        body,
      });
      expect([JSON.stringify(body), res.body.code]).toEqual([JSON.stringify(body), 4000]);
    }
    expect((await applicationOf(b.bureau!.userId)).state).toBe('review');
    const unknown = await adminCall(
      t.app,
      'POST',
      `/applications/review/00000000-0000-4000-8000-000000000000/decide`,
      { token: reviewer.token, body: { outcome: 'reject', reason: 'x' } },
    );
    expect(unknown.body.code).toBe(4040);
  });
});

describe('an approval above the configured amount (maker-checker)', () => {
  it('waits for a second reviewer; the first may not approve it; the borrower hears only once it is approved', async () => {
    const reviewed = b.bureau!;
    const application = await applicationOf(reviewed.userId);
    const detail = await adminCall<{ limit_range: { max: number }; second_reviewer_above: number }>(
      t.app,
      'GET',
      `/applications/review/${application.id}`,
      { token: reviewer.token },
    );
    const limit = detail.body.data.limit_range.max;
    expect(limit).toBeGreaterThan(detail.body.data.second_reviewer_above);
    const asked = await adminCall<{ state: string; approval_request_id: string }>(
      t.app,
      'POST',
      `/applications/review/${application.id}/decide`,
      {
        token: reviewer.token,
        body: { outcome: 'approve', limit_amount: limit, reason: 'FDC down, payslips fine' },
      },
    );
    expect(asked.body.data).toMatchObject({ state: 'pending_approval', limit_amount: limit });
    const requestId = asked.body.data.approval_request_id;
    expect((await applicationOf(reviewed.userId)).state).toBe('review');
    expect(await decisionMessages(application.id)).toHaveLength(0);
    const queued = await queue(reviewer.token);
    expect(queued.body.data.items.find((r) => r.application_id === application.id)).toMatchObject({
      approval_request_id: requestId,
    });

    const own = await adminCall(t.app, 'POST', `/approvals/${requestId}/approve`, {
      token: reviewer.token,
      body: { reason: 'looks right to me' },
    });
    expect(own.body.code).toBe(4350);
    const checker = await verifiedStaff(t, admin.token, 'risk_reviewer');
    const approved = await adminCall(t.app, 'POST', `/approvals/${requestId}/approve`, {
      token: checker.token,
      body: { reason: 'second look: agreed' },
    });
    expect(approved.body.code).toBe(200);

    const after = await applicationOf(reviewed.userId);
    expect(after).toMatchObject({
      state: 'approved',
      limitAmount: limit,
      decidedBy: `reviewer:${checker.staffId}`,
    });
    expect(await decisionMessages(application.id)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'application.review.decide'), eq(auditLog.subjectId, application.id)));
    expect(audit.map((r) => [r.actorId, r.outcome])).toEqual([[checker.staffId, 'approved']]);
  });
});
