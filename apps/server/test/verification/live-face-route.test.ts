import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { faceChecks } from '../../src/modules/verification/verification-schema.ts';
import { selfie } from '../helpers/face-images.ts';
import { ktpCardOf, liveFrames, type LiveFrames, type LiveSequence } from '../helpers/live-frames.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { get, uploadKtp } from '../profile/profile-helpers.ts';

// The live check end to end on the real engines (human for liveness, face-api for identity) and real faces: the
// liveness fixtures' sequences, each borrower's KTP made from another photo of the same person. A challenge's action
// is random; LIVENESS_ACTIONS pins it so a test knows which sequence answers it.
const t = useTestApp({
  env: { STORAGE_DIR: mkdtempSync(join(tmpdir(), 'kaskita-live-')), LIVENESS_ACTIONS: ['turn'] },
});

type Answer = { result: string; reason: string | null; tries_left: number };
const jpeg = (field: string, bytes: Buffer) => ({
  field,
  filename: `${field}.jpg`,
  contentType: 'image/jpeg',
  bytes,
});

const challenge = (app: FastifyInstance, token: string) =>
  call<{ challenge_id: string; action: string; expires_in: number }>(app, {
    method: 'POST',
    url: '/api/v1/user/liveness_challenge',
    token,
  });

const sendFrames = (
  app: FastifyInstance,
  token: string,
  challengeId: string | null,
  frames: Partial<LiveFrames>,
) =>
  call<Answer>(app, {
    method: 'POST',
    url: '/api/v1/user/face_check',
    token,
    ...multipartForm(
      challengeId === null ? {} : { challenge_id: challengeId },
      frames.start && jpeg('selfie', frames.start),
      frames.action && jpeg('action_frame', frames.action),
      frames.end && jpeg('end_frame', frames.end),
    ),
  });

async function borrowerWithKtpOf(sequence: LiveSequence, app: FastifyInstance = t.app) {
  const { token } = await signIn(app);
  const card = { filename: 'ktp.jpg', contentType: 'image/jpeg', bytes: await ktpCardOf(sequence) };
  expect((await uploadKtp(app, token, card)).body.code).toBe(200);
  const account = await get<{ uid: string }>(app, token, '/v1/user/account');
  return { token, userId: account.body.data.uid };
}

async function liveCheck(app: FastifyInstance, token: string, frames: LiveFrames) {
  const asked = await challenge(app, token);
  expect(asked.body.code).toBe(200);
  return sendFrames(app, token, asked.body.data.challenge_id, frames);
}

const checksOf = (userId: string) =>
  t.database.db.select().from(faceChecks).where(eq(faceChecks.userId, userId));

describe('live face check', () => {
  it('passes the KTP holder turning their head, with no review needed', async () => {
    const b = await borrowerWithKtpOf('turnA');
    const asked = await challenge(t.app, b.token);
    expect(asked.body.data).toMatchObject({ action: 'turn', expires_in: 120 });
    const answer = await sendFrames(t.app, b.token, asked.body.data.challenge_id, await liveFrames('turnA'));
    expect(answer.body.data).toEqual({ result: 'pass', reason: null, tries_left: 4 });
    const [check] = await checksOf(b.userId);
    expect(check).toMatchObject({ result: 'pass', liveness: 'checked', provider: 'human+face-api' });
    expect(check!.distance).toBeLessThan(0.5);
    expect(await t.app.verification.verificationFacts(b.userId)).toMatchObject({
      facePassed: true,
      faceLive: true,
    });
    // The challenge answered one check: the same frames sent again are refused, and no try is counted.
    const again = await sendFrames(t.app, b.token, asked.body.data.challenge_id, await liveFrames('turnA'));
    expect(again.body.code).toBe(4288);
    expect(await checksOf(b.userId)).toHaveLength(1);
  });

  it('refuses a still photo held to the camera, and another person in the later frames', async () => {
    const b = await borrowerWithKtpOf('turnA');
    const still = (await liveFrames('turnA')).start;
    expect((await liveCheck(t.app, b.token, { start: still, action: still, end: still })).body.data).toEqual({
      result: 'retry',
      reason: 'no_motion',
      tries_left: 4,
    });
    // The KTP holder's photo first, then someone else turning: the identity must be the live person's.
    const other = await liveFrames('turnT');
    const mixed = await liveCheck(t.app, b.token, { start: still, action: other.action, end: other.end });
    expect(mixed.body.data).toMatchObject({ result: 'retry', reason: 'different_person' });
    expect((await checksOf(b.userId)).map((c) => c.liveness)).toEqual(['checked', 'checked']);
    expect(await t.app.verification.verificationFacts(b.userId)).toMatchObject({ facePassed: false });
  });

  it('fails a live person who is not the KTP holder', async () => {
    const b = await borrowerWithKtpOf('turnA');
    const answer = await liveCheck(t.app, b.token, await liveFrames('turnT'));
    expect(answer.body.data).toMatchObject({ result: 'fail', reason: 'different_person' });
  });

  it("refuses another borrower's challenge, an expired one and an altered one, counting no try", async () => {
    const b = await borrowerWithKtpOf('turnA');
    const other = await signIn(t.app);
    const theirs = (await challenge(t.app, other.token)).body.data.challenge_id;
    expect((await sendFrames(t.app, b.token, theirs, await liveFrames('turnA'))).body.code).toBe(4288);
    const mine = (await challenge(t.app, b.token)).body.data.challenge_id;
    const altered = mine.replace('.turn.', '.blink.');
    expect((await sendFrames(t.app, b.token, altered, await liveFrames('turnA'))).body.code).toBe(4288);
    t.clock.advance(121);
    expect((await sendFrames(t.app, b.token, mine, await liveFrames('turnA'))).body.code).toBe(4288);
    expect(await checksOf(b.userId)).toHaveLength(0);
  });

  it('gives at most 20 challenges a day, so nobody can ask until an action they prepared for comes up', async () => {
    const b = await borrowerWithKtpOf('turnA');
    for (let i = 0; i < 20; i++) expect((await challenge(t.app, b.token)).body.code).toBe(200);
    expect((await challenge(t.app, b.token)).body.code).toBe(4029);
  });

  it('wants all three frames with a challenge, and a challenge with frames', async () => {
    const b = await borrowerWithKtpOf('turnA');
    const frames = await liveFrames('turnA');
    const id = (await challenge(t.app, b.token)).body.data.challenge_id;
    const noEnd = await sendFrames(t.app, b.token, id, { start: frames.start, action: frames.action });
    expect(noEnd.body).toMatchObject({ code: 4000, data: { fields: { end_frame: 'end_frame.required' } } });
    const noChallenge = await sendFrames(t.app, b.token, null, frames);
    expect(noChallenge.body).toMatchObject({
      code: 4000,
      data: { fields: { challenge_id: expect.any(String) } },
    });
    const fourFiles = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/face_check',
      token: b.token,
      ...multipartForm(
        { challenge_id: id },
        jpeg('selfie', frames.start),
        jpeg('action_frame', frames.action),
        jpeg('end_frame', frames.end),
        jpeg('extra', frames.end),
      ),
    });
    expect(fourFiles.body.code).toBe(4130);
    expect(await checksOf(b.userId)).toHaveLength(0);
  });

  it('passes a blink when blinks are what the lender asks for', async () => {
    const blinks = await t.rebuild({ env: { LIVENESS_ACTIONS: ['blink'] } });
    try {
      const b = await borrowerWithKtpOf('blinkB', blinks);
      const asked = await challenge(blinks, b.token);
      expect(asked.body.data.action).toBe('blink');
      // A turn does not answer a blink.
      const turn = await liveFrames('blinkB');
      const wrong = await sendFrames(blinks, b.token, asked.body.data.challenge_id, {
        ...turn,
        action: turn.start,
      });
      expect(wrong.body.data).toMatchObject({ result: 'retry', reason: 'no_motion' });
      expect((await liveCheck(blinks, b.token, await liveFrames('blinkB'))).body.data).toMatchObject({
        result: 'pass',
      });
      // The lender drops blinks again: a blink asked before is no longer answered (turn only, as by default).
      const earlier = (await challenge(blinks, b.token)).body.data.challenge_id;
      const dropped = await sendFrames(t.app, b.token, earlier, await liveFrames('blinkB'));
      expect(dropped.body.code).toBe(4288);
    } finally {
      await blinks.close();
    }
  });
});

describe('the single-selfie fallback', () => {
  it('passes a matching selfie, but marks it as not live-checked so a person reviews the application', async () => {
    const b = await borrowerWithKtpOf('turnA');
    const answer = await sendFrames(t.app, b.token, null, { start: (await liveFrames('turnA')).start });
    expect(answer.body.data).toMatchObject({ result: 'pass' });
    expect((await checksOf(b.userId))[0]).toMatchObject({ liveness: 'fallback', provider: 'face-api' });
    expect(await t.app.verification.verificationFacts(b.userId)).toEqual({
      whatsappVerified: false,
      facePassed: true,
      faceLive: false,
    });
  });

  it('is all there is when the server runs no live check: the challenge answers 4287', async () => {
    const noLiveness = await t.rebuild({ env: { LIVENESS_PROVIDER: 'none' } });
    try {
      const b = await borrowerWithKtpOf('turnA', noLiveness);
      expect((await challenge(noLiveness, b.token)).body.code).toBe(4287);
      const fallback = await sendFrames(noLiveness, b.token, null, { start: await selfie('a') });
      expect(fallback.body.data).toMatchObject({ result: 'fail', reason: 'different_person' });
    } finally {
      await noLiveness.close();
    }
  });
});
