import { describe, expect, it } from 'vitest';
import type { LivenessAction } from '@kaskita/domain/verification/liveness';
import { advance, LIVE_CHECK_START, type CameraReading, type LiveFrameName } from './live-check-steps.ts';

const face = (yaw: number, eyes = 0.35, share = 0.5): CameraReading => ({
  faces: 1,
  face: { share, yaw, pitch: 0, eyeOpenness: { left: eyes, right: eyes } },
});

/** Feeds readings in turn; answers the frames taken, in order, and the hints given. */
function run(action: LivenessAction, readings: CameraReading[]) {
  let state = LIVE_CHECK_START;
  const taken: LiveFrameName[] = [];
  const hints: (string | null)[] = [];
  for (const reading of readings) {
    const next = advance(action, state, reading);
    if (next.take) taken.push(next.take);
    hints.push(next.hint);
    state = next.state;
  }
  return { taken, hints, done: state.waitingFor === null };
}

describe('the camera step', () => {
  it('takes a turn: straight, turned past the server bar, straight again', () => {
    expect(run('turn', [face(0.05), face(0.2), face(0.45), face(0.02)])).toMatchObject({
      taken: ['start', 'action', 'end'],
      done: true,
    });
  });

  it('keeps waiting for a still face, however long it is shown', () => {
    const still = Array.from({ length: 50 }, () => face(0.05));
    expect(run('turn', still)).toMatchObject({ taken: ['start'], done: false });
    expect(run('blink', still)).toMatchObject({ taken: ['start'], done: false });
  });

  it('takes no turn just under the server bar (0.35) plus its margin', () => {
    expect(run('turn', [face(0), face(0.39), face(0)]).taken).toEqual(['start']);
  });

  it('takes a blink only with both eyes open, then closed, then open again', () => {
    expect(
      run('blink', [face(0, 0.1), face(0, 0.3), face(0, 0.3), face(0, 0.1), face(0, 0.3)]),
    ).toMatchObject({
      taken: ['start', 'action', 'end'],
      done: true,
    });
  });

  it('asks the borrower to come closer, to be alone, or to show their face, and takes nothing then', () => {
    const readings: CameraReading[] = [
      { faces: 0, face: null },
      { faces: 2, face: face(0).face },
      face(0, 0.35, 0.1),
    ];
    expect(run('turn', readings)).toEqual({
      taken: [],
      hints: ['no_face', 'several_faces', 'too_small'],
      done: false,
    });
  });
});
