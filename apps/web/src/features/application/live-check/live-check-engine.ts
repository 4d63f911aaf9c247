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
  modelBasePath: HUMAN_MODELS_PATH,
  // tfjs's WebAssembly build, served beside the models (vite-human-models.ts) rather than from human's default CDN.
  wasmPath: HUMAN_MODELS_PATH,
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

/**
 * WebGL where the phone draws it on its GPU; WebAssembly where Chrome would draw it in software (a GPU on its block
 * list, or none): measured in headless Chromium on this project's 2-core machine, a reading took 1.8-2.2 s on
 * software-rendered WebGL and 60-100 ms on WebAssembly with SIMD (the page's script policy allows WebAssembly:
 * security-headers-plugin.ts).
 */
function backend(): 'webgl' | 'wasm' {
  const gl = document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat: true });
  if (!gl) return 'wasm';
  // Chrome does not always refuse the context above when it renders in software (headless Chromium does not): its
  // renderer's name says so (SwiftShader, or Mesa's llvmpipe on Linux).
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  // The probe's context is given back: a page may hold only a few, and tfjs opens its own.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(renderer) ? 'wasm' : 'webgl';
}

async function load(): Promise<LiveCheckEngine> {
  const human = new Human({ ...CONFIG, backend: backend() });
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
