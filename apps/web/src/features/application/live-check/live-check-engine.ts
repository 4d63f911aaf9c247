import { Human, type Config } from '@vladmandic/human';
import { eyeOpennessOf } from '@kaskita/domain/verification/liveness';
import type { CameraReading } from './live-check-steps.ts';

// @vladmandic/human in the browser: its own lazy chunk (~470 kB gzip with tfjs), loaded only by the camera step. Two of
// its models: the face detector and the face mesh (angles and eyelids), ~2 MB served by us (vite-human-models.ts,
// /models/human/), cached by the browser after the first check. What the server re-checks (anti-spoofing, liveness,
// identity) is not run here: the phone only waits for the right frames.

/** Where the web build puts the models; the server serves them like any file of the build. */
export const HUMAN_MODELS_PATH = '/models/human/';

const CONFIG: Partial<Config> = {
  // WebGL where the phone has it (every Android phone with Chrome does); tfjs's CPU backend otherwise, slower but
  // still a few readings a second at 320 px.
  backend: 'webgl',
  modelBasePath: HUMAN_MODELS_PATH,
  debug: false,
  // Each reading is of a new frame: human's cache would answer a frame with the previous one's result.
  cacheSensitivity: 0,
  warmup: 'none',
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: true, return: false, maxDetected: 2 },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
};

export interface LiveCheckEngine {
  read(frame: HTMLCanvasElement): Promise<CameraReading>;
}

let loaded: Promise<LiveCheckEngine> | null = null;

/**
 * The engine with its models, loaded once per page (a retry reuses it rather than loading the models again into
 * memory); rejects when this browser cannot run them, and the next call tries again.
 */
export function liveCheckEngine(): Promise<LiveCheckEngine> {
  loaded ??= load().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

async function load(): Promise<LiveCheckEngine> {
  const human = new Human(CONFIG);
  await human.load();
  if (!human.tf.getBackend()) throw new Error('no tfjs backend');
  return {
    async read(frame) {
      const result = await human.detect(frame);
      const faces = [...result.face].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      const face = faces[0];
      const angle = face?.rotation?.angle;
      if (!face || !angle) return { faces: faces.length, face: null };
      return {
        faces: faces.length,
        face: {
          share: Math.max(face.box[2], face.box[3]) / Math.min(frame.width, frame.height),
          yaw: angle.yaw,
          pitch: angle.pitch,
          eyeOpenness: eyeOpennessOf(face.mesh),
        },
      };
    },
  };
}
