import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Consents, MyDataExport, WithdrawalResult } from '@kaskita/domain/contract/my-data';
import {
  CONSENT_VERSIONS,
  EMERGENCY_CONTACT_CONSENT_VERSION,
  PRIVACY_VERSION,
} from '@kaskita/domain/legal/versions';
import { auditLog, creditApplications } from '../../src/db/schema.ts';
import { completedBorrower, markChecksPassed, submit } from '../application/application-helpers.ts';
import { call, useTestApp } from '../helpers/test-app.ts';
import { approvedBorrower, currentOrder, order } from '../loans/loan-helpers.ts';
import { SOCIAL, get, post } from '../profile/profile-helpers.ts';

const t = useTestApp();

const consents = (token: string, lan = 'en-US') =>
  call<Consents>(t.app, { method: 'GET', url: '/api/v1/user/consents', token, headers: { lan } });
const withdraw = (token: string, kind: string) =>
  call<WithdrawalResult>(t.app, {
    method: 'POST',
    url: '/api/v1/user/consents/withdraw',
    token,
    payload: { kind },
    headers: { lan: 'en-US' },
  });
const restore = (token: string) =>
  call(t.app, { method: 'POST', url: '/api/v1/user/consents/restore', token, payload: { kind: 'privacy' } });
const of = (list: Consents['list'], kind: string) => list.find((c) => c.kind === kind)!;

describe('my consents', () => {
  it('each with the version of its text and when it was given; what can be withdrawn here', async () => {
    const b = await completedBorrower(t.app);
    const { body } = await consents(b.token);
    expect(body.code).toBe(200);
    expect(body.data.list.map((c) => c.kind)).toEqual(['terms', 'privacy', 'emergency_contacts', 'location']);
    expect(of(body.data.list, 'terms')).toMatchObject({
      in_force: true,
      version: CONSENT_VERSIONS.terms_version,
      current_version: CONSENT_VERSIONS.terms_version,
      withdrawable: false,
      given_at: t.clock.now().toISOString(),
    });
    expect(of(body.data.list, 'privacy')).toMatchObject({
      in_force: true,
      version: PRIVACY_VERSION,
      withdrawable: true,
    });
    expect(of(body.data.list, 'emergency_contacts')).toMatchObject({
      in_force: true,
      version: EMERGENCY_CONTACT_CONSENT_VERSION,
      withdrawable: true,
    });
    // Location is read at each application: none yet.
    expect(of(body.data.list, 'location')).toMatchObject({
      in_force: false,
      given_at: null,
      withdrawable: false,
    });
    expect(body.data.while_owed).toEqual([]);
    expect(body.data.stop_within_hours).toBe(72);
  });

  it('terms cannot be withdrawn on their own, and a consent withdrawn twice is refused the second time (4405)', async () => {
    const b = await completedBorrower(t.app);
    expect((await withdraw(b.token, 'terms')).body.code).toBe(4000);
    expect((await withdraw(b.token, 'emergency_contacts')).body.code).toBe(200);
    expect((await withdraw(b.token, 'emergency_contacts')).body.code).toBe(4405);
  });
});

describe('withdrawing the emergency contacts consent', () => {
  it('erases the contacts at once: not in the profile, not in the copy; a new application needs them again', async () => {
    const b = await completedBorrower(t.app);
    const other = await completedBorrower(t.app);
    const { body } = await withdraw(b.token, 'emergency_contacts');
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      kind: 'emergency_contacts',
      withdrawn_at: t.clock.now().toISOString(),
      continues: [],
    });
    expect(body.data.stopped).toContain('erased at once');

    const social = await get<{ socials: unknown[]; contact_consent: boolean }>(
      t.app,
      b.token,
      '/v1/user/social',
    );
    expect(social.body.data).toMatchObject({ socials: [], contact_consent: false });
    const copy = await call<MyDataExport>(t.app, {
      method: 'GET',
      url: '/api/v1/user/my_data',
      token: b.token,
    });
    expect(copy.body.data.sections.profile!.contacts.list).toEqual([]);
    expect(copy.body.data.sections.consents.withdrawn).toEqual([
      expect.objectContaining({
        kind: 'emergency_contacts',
        version: EMERGENCY_CONTACT_CONSENT_VERSION,
        restored_at: null,
      }),
    ]);
    const progress = await get<{ next: string }>(t.app, b.token, '/v1/user/profile_progress');
    expect(progress.body.data.next).toBe('contacts');
    await markChecksPassed(t.database.db, b.userId, t.clock.now());
    expect((await submit(t.app, b.token)).body.code).toBe(4280);

    const listed = of((await consents(b.token)).body.data.list, 'emergency_contacts');
    expect(listed).toMatchObject({ in_force: false, withdrawn_at: t.clock.now().toISOString() });
    expect(listed.history.map((h) => h.event)).toEqual(['given', 'withdrawn']);
    // The other borrower's contacts are untouched.
    const theirs = await get<{ socials: unknown[] }>(t.app, other.token, '/v1/user/social');
    expect(theirs.body.data.socials).toHaveLength(2);

    // Giving the contacts again on the contacts step gives the consent again.
    t.clock.advance(60);
    expect((await post(t.app, b.token, '/v1/user/social', SOCIAL)).body.code).toBe(200);
    const again = of((await consents(b.token)).body.data.list, 'emergency_contacts');
    expect(again).toMatchObject({ in_force: true, withdrawn_at: null });
    expect(again.history.map((h) => h.event)).toEqual(['given', 'withdrawn', 'restored']);
  });

  it('is an audited command naming the consent, never the contacts', async () => {
    const b = await completedBorrower(t.app);
    await withdraw(b.token, 'emergency_contacts');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'consent.withdraw'), eq(auditLog.subjectId, b.userId)));
    expect(row).toMatchObject({ actorKind: 'borrower', outcome: 'withdrawn' });
    expect(row!.after).toEqual({ consent: 'emergency_contacts', version: EMERGENCY_CONTACT_CONSENT_VERSION });
  });
});

describe('withdrawing the privacy consent', () => {
  it('stops the assessment of a new application at once (4407) until the consent is given again', async () => {
    const b = await completedBorrower(t.app);
    await markChecksPassed(t.database.db, b.userId, t.clock.now());
    expect((await withdraw(b.token, 'privacy')).body.code).toBe(200);
    expect((await submit(t.app, b.token)).body.code).toBe(4407);
    expect((await restore(b.token)).body.code).toBe(200);
    expect(of((await consents(b.token)).body.data.list, 'privacy').in_force).toBe(true);
    expect((await submit(t.app, b.token)).body.code).toBe(200);
  });

  it('is refused while an application waits for its decision (4406)', async () => {
    const b = await completedBorrower(t.app);
    await markChecksPassed(t.database.db, b.userId, t.clock.now());
    expect((await submit(t.app, b.token)).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    // As when the rules hand the decision to a credit reviewer: the application waits in the review queue.
    await t.database.db
      .update(creditApplications)
      .set({ state: 'review', queuedAt: t.clock.now() })
      .where(eq(creditApplications.userId, b.userId));
    expect((await withdraw(b.token, 'privacy')).body.code).toBe(4406);
    expect(of((await consents(b.token)).body.data.list, 'privacy').in_force).toBe(true);
  });

  it('no new loan while withdrawn (4407); a loan owed goes on, and the borrower is told what and why', async () => {
    const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
    expect((await withdraw(b.token, 'privacy')).body.code).toBe(200);
    expect((await order(t.app, b.token)).body.code).toBe(4407);
    expect((await restore(b.token)).body.code).toBe(200);
    const created = await order(t.app, b.token);
    expect(created.body.code).toBe(200);

    const withdrawn = await withdraw(b.token, 'emergency_contacts');
    expect(withdrawn.body.code).toBe(200);
    const continues = withdrawn.body.data.continues;
    expect(continues.length).toBeGreaterThanOrEqual(4);
    expect(continues.map((c) => c.what).join(' ')).toMatch(/reminders/i);
    expect(continues.map((c) => c.what).join(' ')).toMatch(/never with emergency contacts/);
    expect(continues.every((c) => c.why.length > 0)).toBe(true);
    expect((await consents(b.token)).body.data.while_owed).toEqual(continues);
    // The loan itself is untouched.
    expect((await currentOrder(t.app, b.token)).body.data.order).not.toBeNull();
  });
});
