import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROFILE_DRAFT_MAX_CHARS } from '@kaskita/domain/contract/profile';
import { PROFILE_DRAFTS_EXPIRY } from '../../src/modules/profile/profile-drafts-service.ts';
import { profileDrafts } from '../../src/modules/profile/profile-schema.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import { newPhone, signIn, useTestApp } from '../helpers/test-app.ts';
import { get, post } from './profile-helpers.ts';

const t = useTestApp();

async function borrower() {
  const { token } = await signIn(t.app, newPhone());
  const account = await get<{ uid: string }>(t.app, token, '/v1/user/account');
  return { token, userId: account.body.data.uid };
}

const PERSON = {
  mother_maiden_name: 'Siti Aminah',
  province: '32',
  city: '32.73',
  districts: '32.73.02',
  sub_districts: '32.73.02.1004',
  region_label: 'JAWA BARAT / KOTA BANDUNG / COBLONG / DAGO',
  education: 3,
  zip_code: '40',
};

describe('profile drafts', () => {
  it("keeps a step's half-typed input for its borrower only, encrypted at rest", async () => {
    const owner = await borrower();
    const stranger = await borrower();
    const empty = await get(t.app, owner.token, '/v1/user/profile_draft?step=person-info');
    expect(empty.body).toMatchObject({
      code: 200,
      data: { step: 'person-info', values: null, saved_at: null },
    });

    const saved = await post(t.app, owner.token, '/v1/user/profile_draft', {
      step: 'person-info',
      values: JSON.stringify(PERSON),
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);

    const read = await get(t.app, owner.token, '/v1/user/profile_draft?step=person-info');
    expect(read.body.data).toMatchObject({ step: 'person-info', values: PERSON });
    // Another step's draft and another borrower's are their own.
    expect((await get(t.app, owner.token, '/v1/user/profile_draft?step=contacts')).body.data).toMatchObject({
      values: null,
    });
    expect(
      (await get(t.app, stranger.token, '/v1/user/profile_draft?step=person-info')).body.data,
    ).toMatchObject({ values: null });

    const [row] = await t.database.db
      .select()
      .from(profileDrafts)
      .where(eq(profileDrafts.userId, owner.userId));
    expect(row?.valuesEnc).toBeTruthy();
    expect(row?.valuesEnc).not.toMatch(/Siti|Aminah|DAGO/);
  });

  it('replaces a draft with the newer input, and forgets it when sent without values (the step was saved)', async () => {
    const b = await borrower();
    await post(t.app, b.token, '/v1/user/profile_draft', {
      step: 'ktp',
      values: JSON.stringify({ name: 'BUDI' }),
    });
    await post(t.app, b.token, '/v1/user/profile_draft', {
      step: 'ktp',
      values: JSON.stringify({ name: 'BUDI SANTOSO' }),
    });
    expect((await get(t.app, b.token, '/v1/user/profile_draft?step=ktp')).body.data).toMatchObject({
      values: { name: 'BUDI SANTOSO' },
    });
    const forgotten = await post(t.app, b.token, '/v1/user/profile_draft', { step: 'ktp' });
    expect(forgotten.body.code).toBe(200);
    expect((await get(t.app, b.token, '/v1/user/profile_draft?step=ktp')).body.data).toMatchObject({
      values: null,
    });
    expect(
      await t.database.db.select().from(profileDrafts).where(eq(profileDrafts.userId, b.userId)),
    ).toEqual([]);
  });

  it('refuses an unknown step, an oversized draft, and any draft once the profile is locked', async () => {
    const b = await borrower();
    expect((await get(t.app, b.token, '/v1/user/profile_draft?step=salary')).body.code).toBe(4000);
    const big = await post(t.app, b.token, '/v1/user/profile_draft', {
      step: 'contacts',
      values: JSON.stringify({ note: 'x'.repeat(PROFILE_DRAFT_MAX_CHARS) }),
    });
    expect(big.body).toMatchObject({ code: 4000, data: { fields: { values: 'draft.too_large' } } });
    const notObject = await post(t.app, b.token, '/v1/user/profile_draft', { step: 'ktp', values: '[1,2]' });
    expect(notObject.body).toMatchObject({ code: 4000, data: { fields: { values: 'draft.invalid' } } });
    await t.database.db.update(users).set({ verify: 1 }).where(eq(users.id, b.userId));
    const locked = await post(t.app, b.token, '/v1/user/profile_draft', {
      step: 'ktp',
      values: '{"name":"X"}',
    });
    expect(locked.body.code).toBe(4262);
  });

  it('forgets a draft nobody touched for 30 days (the daily expiry job), and keeps a fresher one', async () => {
    const idle = await borrower();
    await post(t.app, idle.token, '/v1/user/profile_draft', {
      step: 'ktp',
      values: JSON.stringify({ name: 'Budi' }),
    });
    t.clock.advance(20 * 24 * 3600);
    const active = await borrower();
    await post(t.app, active.token, '/v1/user/profile_draft', {
      step: 'ktp',
      values: JSON.stringify({ name: 'Sari' }),
    });
    t.clock.advance(11 * 24 * 3600);

    await t.app.jobs.trigger(PROFILE_DRAFTS_EXPIRY);
    await t.app.jobs.whenIdle();
    const left = await t.database.db.select({ userId: profileDrafts.userId }).from(profileDrafts);
    expect(left.map((d) => d.userId)).not.toContain(idle.userId);
    expect(left.map((d) => d.userId)).toContain(active.userId);
  });
});
