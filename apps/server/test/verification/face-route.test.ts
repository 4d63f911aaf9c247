import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { faceChecks } from '../../src/modules/verification/verification-schema.ts';
import { groupSelfie, ktpCard, selfie } from '../helpers/face-images.ts';
import { multipartFile } from '../helpers/multipart.ts';
import { call, newPhone, signIn, useTestApp } from '../helpers/test-app.ts';
import { get, plainPhoto, uploadKtp } from '../profile/profile-helpers.ts';

// The real face engine (face-api) on real faces: the KTP photo is a card with person a's face printed on it.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PG_ONLY = 'PostgreSQL only: PGlite runs one query at a time';
const t = useTestApp(
  { env: { STORAGE_DIR: mkdtempSync(join(tmpdir(), 'kaskita-face-')) } },
  { poolSize: 20 },
);

const jpeg = (bytes: Buffer) => ({ filename: 'selfie.jpg', contentType: 'image/jpeg', bytes });
const checkFace = (token: string, file: { filename: string; contentType: string; bytes: Uint8Array }) =>
  call<{ result: string; reason: string | null; tries_left: number }>(t.app, {
    method: 'POST',
    url: '/api/v1/user/face_check',
    token,
    ...multipartFile('selfie', file),
  });

async function borrowerWithKtpOf(person: 'a' | null) {
  const phone = newPhone();
  const { token } = await signIn(t.app, phone);
  const card = person ? await ktpCard(person) : await plainPhoto();
  expect((await uploadKtp(t.app, token, jpeg(card))).body.code).toBe(200);
  const account = await get<{ uid: string }>(t.app, token, '/v1/user/account');
  return { token, phone, userId: account.body.data.uid };
}

const checksOf = (userId: string) =>
  t.database.db.select().from(faceChecks).where(eq(faceChecks.userId, userId));

describe('face check', () => {
  it('passes the KTP holder, fails someone else, and asks again for a group photo', async () => {
    const b = await borrowerWithKtpOf('a');
    expect((await checkFace(b.token, jpeg(await selfie('b')))).body.data).toEqual({
      result: 'fail',
      reason: 'different_person',
      tries_left: 4,
    });
    expect((await checkFace(b.token, jpeg(await groupSelfie()))).body.data).toMatchObject({
      result: 'retry',
      reason: 'several_faces',
    });
    const pass = await checkFace(b.token, jpeg(await selfie('a')));
    expect(pass.body.data).toEqual({ result: 'pass', reason: null, tries_left: 2 });
    const state = await get<{ face: { status: string; tries_left: number } }>(
      t.app,
      b.token,
      '/v1/user/verification',
    );
    expect(state.body.data.face).toEqual({ status: 'pass', reason: null, tries_left: 2 });
    const checks = await checksOf(b.userId);
    expect(checks.map((c) => c.result).sort()).toEqual(['fail', 'pass', 'retry']);
    expect(checks.find((c) => c.result === 'fail')!.distance).toBeGreaterThan(0.5);
  });

  it('answers retry when the KTP photo has no face, and wants a KTP photo first', async () => {
    const noFace = await borrowerWithKtpOf(null);
    expect((await checkFace(noFace.token, jpeg(await selfie('a')))).body.data).toMatchObject({
      result: 'retry',
      reason: 'ktp_no_face',
    });
    const { token } = await signIn(t.app);
    expect((await checkFace(token, jpeg(await selfie('a')))).body.code).toBe(4260);
    const notImage = { filename: 'selfie.jpg', contentType: 'image/jpeg', bytes: Buffer.from('not a photo') };
    expect((await checkFace(noFace.token, notImage)).body.code).toBe(4151);
  });

  it('allows five checks a Jakarta day, then 4286 until midnight', async () => {
    const b = await borrowerWithKtpOf('a');
    const blank = jpeg(await plainPhoto()); // no face: quick, and counted like any other
    for (let i = 0; i < 5; i++) expect((await checkFace(b.token, blank)).body.data.reason).toBe('no_face');
    const sixth = await checkFace(b.token, blank);
    expect(sixth.body.code).toBe(4286);
    expect(sixth.body.data).toMatchObject({ retry_after: expect.any(Number) });
    expect(await checksOf(b.userId)).toHaveLength(5);
    t.clock.advance((sixth.body.data as unknown as { retry_after: number }).retry_after);
    const token = (await signIn(t.app, b.phone)).token; // the next day: a new session
    expect((await checkFace(token, blank)).body.data).toMatchObject({ reason: 'no_face', tries_left: 4 });
  });

  it('counts no try when the engine is not there (4287)', async () => {
    const noEngine = await t.rebuild({ env: { FACE_CHECK_PROVIDER: 'none' } });
    try {
      const { token } = await signIn(noEngine);
      await uploadKtp(noEngine, token, jpeg(await ktpCard('a')));
      const answer = await call(noEngine, {
        method: 'POST',
        url: '/api/v1/user/face_check',
        token,
        ...multipartFile('selfie', jpeg(await selfie('a'))),
      });
      expect(answer.body.code).toBe(4287);
    } finally {
      await noEngine.close();
    }
  });
});

describe.runIf(onPostgres)(`face check races (${PG_ONLY})`, () => {
  it('lets only one of eight parallel uploads be the fifth check of the day', async () => {
    const b = await borrowerWithKtpOf('a');
    const blank = jpeg(await plainPhoto());
    for (let i = 0; i < 4; i++) await checkFace(b.token, blank);
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkFace(b.token, blank)));
    const codes = answers.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 4286)).toHaveLength(7);
    expect(await checksOf(b.userId)).toHaveLength(5);
  });
});
