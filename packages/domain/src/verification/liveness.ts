/**
 * Liveness: the borrower is asked for an action and three frames are taken — `start` (looking straight), `action`
 * (head turned, or eyes closed) and `end` (straight again). A photo held to the camera gives three alike frames; a
 * printed card reads as not live. Only a pass lets `start` go on to be matched with the KTP photo.
 */
export const LIVENESS_ACTIONS = ['turn', 'blink'] as const;
export type LivenessAction = (typeof LIVENESS_ACTIONS)[number];

export const LIVENESS_REASONS = [
  'no_face',
  'several_faces',
  'too_small',
  'not_live',
  'different_person',
  'no_motion',
  'not_facing',
] as const;
export type LivenessReason = (typeof LIVENESS_REASONS)[number];

/** What the engine measured of a frame's largest face. Angles in radians; yaw 0 looks straight at the camera. */
export interface FaceMeasures {
  /** The detector's confidence, 0-1. */
  score: number;
  /** The face box's longer side over the frame's shorter side. */
  share: number;
  /** The anti-spoofing model's "real face" score, 0-1. */
  real: number;
  /** The liveness model's "live face" score, 0-1. */
  live: number;
  yaw: number;
  pitch: number;
  /**
   * How open each eye is: the lids' gap over the eye socket's height (human's blink gesture ratio). A number rather
   * than closed/open so the thresholds below, not the engine, decide.
   */
  eyeOpenness: { left: number; right: number };
  /** Similarity to the `start` frame's face, 0-1 (1 for the start frame itself). */
  similarityToStart: number;
}

export interface FrameReading {
  /** How many faces the engine found. */
  faces: number;
  /** The largest of them; null when there is none. */
  face: FaceMeasures | null;
}

export interface LivenessFrames<T> {
  start: T;
  action: T;
  end: T;
}

export type LivenessVerdict = { result: 'pass' } | { result: 'retry'; reason: LivenessReason };

// The thresholds below were measured with @vladmandic/human 3.3.6 (apps/server's human-liveness-worker.mjs) on the
// library's sample portraits, 640 px: the fixtures in apps/server/test/fixtures/liveness and more of samples/in.

/** Detections below this are not faces. Every face in the sample portraits scored 1.00; background false hits 0.2-0.3. */
export const MIN_FACE_SCORE = 0.5;
/**
 * A face smaller than this share of the frame is too far for its eyes and angles to be read. Portraits measured
 * 0.36-0.84; faces in group and full-length photos 0.10-0.17. A phone held at arm's length frames a face at ~0.4+.
 */
export const MIN_FACE_SHARE = 0.2;
/**
 * The liveness model's score below which a frame is a picture of a face rather than a face. Portraits measured
 * 0.63-1.00 (most 0.92+); two of the three KTP-like printed cards (test/helpers/face-images.ts) 0.06, the third 0.99;
 * a face in a group photo 0.20. Portraits pasted onto a card or a mock print still scored 0.82-1.00: the model
 * catches few pictures of pictures, and the motion is what refuses a photo held to the camera.
 */
export const MIN_LIVE = 0.5;
/**
 * The anti-spoofing model's score below which a frame is refused. It does not separate on the samples — portraits
 * measured 0.42-0.88 and the printed card 0.90 — so it is only a floor under the lowest real face, not the test.
 */
export const MIN_REAL = 0.3;
/**
 * Looking straight: at most this yaw (≈17°) and pitch (≈17°) either way. Frontal portraits measured |yaw| ≤ 0.06
 * and |pitch| ≤ 0.22; a model posing "straight" with her head a little aside 0.17-0.29; turned heads 0.49 and 0.68.
 */
export const FACING_MAX_YAW = 0.3;
export const FACING_MAX_PITCH = 0.3;
/**
 * A turn: the action frame's yaw differs from both the start's and the end's by at least this (20°). The sample
 * turns measured 0.44-0.96; frames of one person looking straight differed by at most 0.25.
 */
export const TURN_MIN_YAW_CHANGE = 0.35;
/** An eye is closed at or below this openness: human's own blink gesture (0.2). Closed eyes measured 0.00-0.17. */
export const EYE_CLOSED_MAX = 0.2;
/** An eye is open at or above this openness. Open eyes in the portraits measured 0.25-0.50. */
export const EYE_OPEN_MIN = 0.25;
/**
 * The action and end faces must be at least this similar to the start face (human's similarity scale). It separates
 * people poorly: one person across the samples measured 0.26-0.85 (a squeezed blink the lowest: 0.29-0.33 against
 * the same woman's open eyes), different people 0.05-0.48. So the bar sits under the lowest same-person value and
 * refuses only plainly other faces (24 of the fixtures' 154 sequences mixing two people); the KTP match that follows
 * is the identity check.
 */
export const SAME_PERSON_MIN_SIMILARITY = 0.25;

/** Whether three frames show one live person doing `action`, or why the borrower should try again. */
export function judgeLiveness(action: LivenessAction, frames: LivenessFrames<FrameReading>): LivenessVerdict {
  const faces: FaceMeasures[] = [];
  for (const frame of [frames.start, frames.action, frames.end]) {
    const refused = frameRefusal(frame);
    if (refused) return retry(refused);
    faces.push(frame.face!);
  }
  const [start, acted, end] = faces as [FaceMeasures, FaceMeasures, FaceMeasures];
  if (faces.some((face) => face.live < MIN_LIVE || face.real < MIN_REAL)) return retry('not_live');
  if ([acted, end].some((face) => face.similarityToStart < SAME_PERSON_MIN_SIMILARITY))
    return retry('different_person');
  // Motion before pose: a still, whatever its pose, is told the action was not seen.
  if (!actionSeen(action, start, acted, end)) return retry('no_motion');
  if (!facing(start) || !facing(end)) return retry('not_facing');
  return { result: 'pass' };
}

function frameRefusal(frame: FrameReading): LivenessReason | null {
  if (frame.faces === 0 || !frame.face || frame.face.score < MIN_FACE_SCORE) return 'no_face';
  if (frame.faces > 1) return 'several_faces';
  if (frame.face.share < MIN_FACE_SHARE) return 'too_small';
  return null;
}

function actionSeen(
  action: LivenessAction,
  start: FaceMeasures,
  acted: FaceMeasures,
  end: FaceMeasures,
): boolean {
  if (action === 'turn')
    return (
      Math.abs(acted.yaw - start.yaw) >= TURN_MIN_YAW_CHANGE &&
      Math.abs(acted.yaw - end.yaw) >= TURN_MIN_YAW_CHANGE
    );
  return eyesOpen(start) && eyesClosed(acted) && eyesOpen(end);
}

// Exported for the browser's camera step, which waits for each frame by the same measures the server judges.
type Pose = Pick<FaceMeasures, 'yaw' | 'pitch'>;
type Eyes = Pick<FaceMeasures, 'eyeOpenness'>;
export const eyesOpen = ({ eyeOpenness: eye }: Eyes) => eye.left >= EYE_OPEN_MIN && eye.right >= EYE_OPEN_MIN;
export const eyesClosed = ({ eyeOpenness: eye }: Eyes) =>
  eye.left <= EYE_CLOSED_MAX && eye.right <= EYE_CLOSED_MAX;
export const facing = ({ yaw, pitch }: Pose) =>
  Math.abs(yaw) <= FACING_MAX_YAW && Math.abs(pitch) <= FACING_MAX_PITCH;

/**
 * How open each eye is, from human's 468-point face mesh ([x, y, z] each): the lids' gap over the eye socket's
 * height, the points and ratio of human's 'blink' gestures. The server's engine (human-liveness-worker.mjs, plain
 * JavaScript in a worker thread) computes the same from the same points.
 */
export function eyeOpennessOf(
  mesh: readonly (readonly (number | undefined)[])[],
): FaceMeasures['eyeOpenness'] {
  if (mesh.length <= 450) return { left: 0, right: 0 };
  const ratio = (lids: [number, number], socket: [number, number]) => {
    const value =
      Math.abs(mesh[lids[0]]![1]! - mesh[lids[1]]![1]!) /
      Math.abs(mesh[socket[0]]![1]! - mesh[socket[1]]![1]!);
    return Number.isFinite(value) ? value : 0;
  };
  return { left: ratio([374, 386], [443, 450]), right: ratio([145, 159], [223, 230]) };
}

function retry(reason: LivenessReason): LivenessVerdict {
  return { result: 'retry', reason };
}
