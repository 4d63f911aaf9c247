import {
  eyesClosed,
  eyesOpen,
  facing,
  MIN_FACE_SHARE,
  TURN_MIN_YAW_CHANGE,
  type FaceMeasures,
  type LivenessAction,
} from '@kaskita/domain/verification/liveness';

// The camera step waits for each of the three frames by the measures the server judges them with
// (verification/liveness.ts), so a frame it sends is one the server should accept; the server still decides.

/** What the engine saw in one video frame: how many faces, and the largest one's measures. */
export interface CameraReading {
  faces: number;
  face: Pick<FaceMeasures, 'share' | 'yaw' | 'pitch' | 'eyeOpenness'> | null;
}

export type LiveFrameName = 'start' | 'action' | 'end';

/** Where the check stands: the frame it waits for, and the head's angle at the frames taken so far. */
export type LiveCheckState =
  | { waitingFor: 'start' }
  | { waitingFor: 'action'; startYaw: number }
  | { waitingFor: 'end'; startYaw: number; actionYaw: number }
  | { waitingFor: null };

/** What to tell the borrower while the frame is not there yet. */
export type LiveHint = 'no_face' | 'several_faces' | 'too_small' | null;

/** A margin over the server's bar, so a frame taken at the edge is not refused for a rounding of the angle. */
const TURN_MARGIN = 0.05;

export const LIVE_CHECK_START: LiveCheckState = { waitingFor: 'start' };

/** The next state after a reading, and the frame to keep when this reading is it. */
export function advance(
  action: LivenessAction,
  state: LiveCheckState,
  reading: CameraReading,
): { state: LiveCheckState; take: LiveFrameName | null; hint: LiveHint } {
  const stay = (hint: LiveHint) => ({ state, take: null, hint });
  if (state.waitingFor === null) return stay(null);
  if (reading.faces === 0 || !reading.face) return stay('no_face');
  if (reading.faces > 1) return stay('several_faces');
  const face = reading.face;
  if (face.share < MIN_FACE_SHARE) return stay('too_small');
  const straight = facing(face) && (action === 'turn' || eyesOpen(face));
  const turnedFrom = (yaw: number) => Math.abs(face.yaw - yaw) >= TURN_MIN_YAW_CHANGE + TURN_MARGIN;

  switch (state.waitingFor) {
    case 'start':
      return straight
        ? { state: { waitingFor: 'action', startYaw: face.yaw }, take: 'start', hint: null }
        : stay(null);
    case 'action': {
      const done = action === 'turn' ? turnedFrom(state.startYaw) : eyesClosed(face);
      return done
        ? {
            state: { waitingFor: 'end', startYaw: state.startYaw, actionYaw: face.yaw },
            take: 'action',
            hint: null,
          }
        : stay(null);
    }
    case 'end': {
      const done = straight && (action === 'blink' || turnedFrom(state.actionYaw));
      return done ? { state: { waitingFor: null }, take: 'end', hint: null } : stay(null);
    }
  }
}
