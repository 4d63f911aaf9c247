import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EYE_CLOSED_MAX,
  EYE_OPEN_MIN,
  FACING_MAX_PITCH,
  FACING_MAX_YAW,
  judgeLiveness,
  LIVENESS_ACTIONS,
  MIN_FACE_SCORE,
  MIN_FACE_SHARE,
  MIN_LIVE,
  MIN_REAL,
  SAME_PERSON_MIN_SIMILARITY,
  TURN_MIN_YAW_CHANGE,
  type FaceMeasures,
  type FrameReading,
} from '../../src/verification/liveness.ts';

// Readings shaped like the engine's on a portrait (apps/server/test/providers/liveness.test.ts measures real ones).
const face = (measures: Partial<FaceMeasures> = {}): FrameReading => ({
  faces: 1,
  face: {
    score: 1,
    share: 0.6,
    real: 0.6,
    live: 0.99,
    yaw: 0.02,
    pitch: 0.05,
    eyeOpenness: { left: 0.38, right: 0.4 },
    similarityToStart: 0.6,
    ...measures,
  },
});
const start = face({ similarityToStart: 1 });
const turned = face({ yaw: -0.5 });
const closed = face({ eyeOpenness: { left: 0.05, right: 0.12 } });
const end = face({ yaw: -0.04 });

describe('liveness: judging three frames', () => {
  it('passes a turn away and back, and a blink between open eyes', () => {
    expect(judgeLiveness('turn', { start, action: turned, end })).toEqual({ result: 'pass' });
    expect(judgeLiveness('blink', { start, action: closed, end })).toEqual({ result: 'pass' });
  });

  it('asks for the action that was asked, not the other one', () => {
    expect(judgeLiveness('blink', { start, action: turned, end })).toEqual({
      result: 'retry',
      reason: 'no_motion',
    });
    expect(judgeLiveness('turn', { start, action: closed, end })).toEqual({
      result: 'retry',
      reason: 'no_motion',
    });
  });

  it('sees a turn only from the yaw change threshold up, away from both the start and the end', () => {
    const by = (change: number) => face({ yaw: start.face!.yaw + change });
    expect(judgeLiveness('turn', { start, action: by(TURN_MIN_YAW_CHANGE + 0.01), end }).result).toBe('pass');
    expect(judgeLiveness('turn', { start, action: by(TURN_MIN_YAW_CHANGE - 0.01), end })).toMatchObject({
      reason: 'no_motion',
    });
    // Turned and still turned at the end: the head never came back.
    expect(judgeLiveness('turn', { start, action: turned, end: turned })).toMatchObject({
      reason: 'no_motion',
    });
  });

  it('sees a blink only with both eyes closed between open eyes', () => {
    const eyes = (left: number, right: number) => face({ eyeOpenness: { left, right } });
    const blink = (s: FrameReading, a: FrameReading, e: FrameReading) =>
      judgeLiveness('blink', { start: s, action: a, end: e });
    expect(blink(start, eyes(EYE_CLOSED_MAX, EYE_CLOSED_MAX), end).result).toBe('pass');
    expect(blink(start, eyes(0.05, EYE_CLOSED_MAX + 0.01), end)).toMatchObject({ reason: 'no_motion' }); // a wink
    expect(blink(eyes(EYE_OPEN_MIN - 0.01, 0.4), closed, end)).toMatchObject({ reason: 'no_motion' });
    expect(blink(start, closed, eyes(0.4, EYE_OPEN_MIN - 0.01))).toMatchObject({ reason: 'no_motion' });
    expect(blink(eyes(EYE_OPEN_MIN, EYE_OPEN_MIN), closed, end).result).toBe('pass');
  });

  it('wants the start and the end looking straight', () => {
    const aside = face({ yaw: FACING_MAX_YAW + 0.01, similarityToStart: 1 });
    const down = face({ pitch: -(FACING_MAX_PITCH + 0.01) });
    expect(judgeLiveness('blink', { start: aside, action: closed, end })).toMatchObject({
      reason: 'not_facing',
    });
    expect(judgeLiveness('blink', { start, action: closed, end: down })).toMatchObject({
      reason: 'not_facing',
    });
    const edge = face({ yaw: -FACING_MAX_YAW, pitch: FACING_MAX_PITCH, similarityToStart: 1 });
    expect(judgeLiveness('blink', { start: edge, action: closed, end: edge }).result).toBe('pass');
  });

  it('refuses a frame without a face, with a weak detection, with several faces or a face too far', () => {
    const none: FrameReading = { faces: 0, face: null };
    expect(judgeLiveness('turn', { start, action: none, end })).toMatchObject({ reason: 'no_face' });
    expect(
      judgeLiveness('turn', { start, action: face({ score: MIN_FACE_SCORE - 0.01, yaw: -0.5 }), end }),
    ).toMatchObject({ reason: 'no_face' });
    expect(judgeLiveness('turn', { start, action: { ...turned, faces: 2 }, end })).toMatchObject({
      reason: 'several_faces',
    });
    expect(
      judgeLiveness('turn', { start, action: turned, end: face({ share: MIN_FACE_SHARE - 0.01 }) }),
    ).toMatchObject({
      reason: 'too_small',
    });
    expect(
      judgeLiveness('turn', { start, action: face({ share: MIN_FACE_SHARE, yaw: -0.5 }), end }).result,
    ).toBe('pass');
  });

  it('refuses any frame the liveness or anti-spoofing model scores below its threshold', () => {
    for (const frame of ['start', 'action', 'end'] as const) {
      const frames = { start, action: turned, end };
      const low = (m: Partial<FaceMeasures>) => ({
        ...frames,
        [frame]: face({ ...frames[frame].face, ...m }),
      });
      expect(judgeLiveness('turn', low({ live: MIN_LIVE - 0.01 }))).toMatchObject({ reason: 'not_live' });
      expect(judgeLiveness('turn', low({ real: MIN_REAL - 0.01 }))).toMatchObject({ reason: 'not_live' });
      expect(judgeLiveness('turn', low({ live: MIN_LIVE, real: MIN_REAL })).result).toBe('pass');
    }
  });

  it('refuses an action or end frame of a face unlike the start', () => {
    const other = (m: Partial<FaceMeasures>) =>
      face({ similarityToStart: SAME_PERSON_MIN_SIMILARITY - 0.01, ...m });
    expect(judgeLiveness('turn', { start, action: other({ yaw: -0.5 }), end })).toMatchObject({
      reason: 'different_person',
    });
    expect(judgeLiveness('turn', { start, action: turned, end: other({}) })).toMatchObject({
      reason: 'different_person',
    });
    const alike = face({ yaw: -0.5, similarityToStart: SAME_PERSON_MIN_SIMILARITY });
    expect(judgeLiveness('turn', { start, action: alike, end }).result).toBe('pass');
  });
});

const measures: fc.Arbitrary<FaceMeasures> = fc.record({
  score: fc.double({ min: 0, max: 1, noNaN: true }),
  share: fc.double({ min: 0, max: 1.2, noNaN: true }),
  real: fc.double({ min: 0, max: 1, noNaN: true }),
  live: fc.double({ min: 0, max: 1, noNaN: true }),
  yaw: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  pitch: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  eyeOpenness: fc.record({
    left: fc.double({ min: 0, max: 0.6, noNaN: true }),
    right: fc.double({ min: 0, max: 0.6, noNaN: true }),
  }),
  similarityToStart: fc.double({ min: 0, max: 1, noNaN: true }),
});
const reading: fc.Arbitrary<FrameReading> = fc.oneof(
  measures.map((face) => ({ faces: 1, face })),
  fc.record({ faces: fc.integer({ min: 0, max: 5 }), face: fc.option(measures) }),
);
const action = fc.constantFrom(...LIVENESS_ACTIONS);

describe('liveness: properties', () => {
  it('refuses any sequence with a frame of no face or of several faces', () => {
    const crowded = fc.oneof(
      fc.record({ faces: fc.constant(0), face: fc.constant(null) }),
      fc.record({ faces: fc.integer({ min: 2, max: 5 }), face: measures }),
    );
    fc.assert(
      fc.property(
        action,
        reading,
        reading,
        crowded,
        fc.constantFrom('start', 'action', 'end'),
        (a, x, y, bad, at) => {
          const frames = { start: x, action: y, end: x, [at]: bad };
          const verdict = judgeLiveness(a, frames);
          expect(verdict.result).toBe('retry');
          if (verdict.result === 'retry')
            expect(['no_face', 'several_faces', 'too_small']).toContain(verdict.reason);
        },
      ),
    );
  });

  it('never passes a still: three identical readings', () => {
    fc.assert(
      fc.property(action, reading, (a, still) => {
        expect(judgeLiveness(a, { start: still, action: still, end: still }).result).toBe('retry');
      }),
    );
  });
});
