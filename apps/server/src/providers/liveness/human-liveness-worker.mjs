// The liveness engine's thread: @vladmandic/human on tfjs's WASM backend computes synchronously for 60-250 ms a
// frame, which on the server's main thread would hold every other request. Plain JavaScript so it runs in a worker
// without a TypeScript loader. Messages: { id, frames: [{ width, height, pixels }] } (RGB, Uint8Array) in;
// { id, result: [[face, ...], ...] } (each frame's faces, largest first) or { id, error } out; 'ready' once loaded.
// Face embeddings stay in this thread: only each face's similarity to the first frame's largest face leaves it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

// Human's node-wasm build loads its models with fetch(modelBasePath + file), and Node's fetch refuses file:// URLs:
// those are answered from disk (the models ship in the npm package; nothing is downloaded). Only in this thread.
const networkFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const address = String(url instanceof globalThis.Request ? url.url : url);
  if (!address.startsWith('file://')) return networkFetch(url, init);
  return new globalThis.Response(await readFile(fileURLToPath(address)));
};

const require = createRequire(import.meta.url);
// The package's exports map hides its node-wasm build; the file is found next to its main entry.
const dist = dirname(require.resolve('@vladmandic/human'));
const { Human } = require(join(dist, 'human.node-wasm.js'));
const wasmPath = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;

const human = new Human({
  backend: 'wasm',
  wasmPath,
  modelBasePath: pathToFileURL(join(dist, '..', 'models')).href + '/',
  debug: false,
  // No caching between frames: human reuses a previous frame's results when the next looks alike (for video), and a
  // liveness check's frames look alike but for the very motion being checked.
  cacheSensitivity: 0,
  // The configuration every threshold in the domain's liveness.ts was measured with: change one, measure again.
  filter: { enabled: true, equalization: true },
  face: {
    enabled: true,
    // Up to 3 faces: the judge refuses a frame with more than one, so a second face must be seen, not cut off.
    detector: { rotation: true, return: false, maxDetected: 3 },
    mesh: { enabled: true },
    iris: { enabled: true },
    description: { enabled: true },
    emotion: { enabled: false },
    antispoof: { enabled: true },
    liveness: { enabled: true },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
});
await human.load();

// Human's own similarity scale (what its demos use), on which the thresholds in the domain were measured.
const SIMILARITY = { order: 2, multiplier: 25, min: 0.2, max: 0.8 };

/**
 * How open an eye is: the lids' gap over the eye socket's height, from the face mesh's points. The same points and
 * ratio as human's 'blink left/right eye' gestures (src/gesture/gesture.ts), kept as a number so the domain decides.
 */
function openness(mesh, lids, socket) {
  const ratio =
    Math.abs(mesh[lids[0]][1] - mesh[lids[1]][1]) / Math.abs(mesh[socket[0]][1] - mesh[socket[1]][1]);
  return Number.isFinite(ratio) ? ratio : 0;
}

function describe(face, width, height) {
  const [, , boxWidth, boxHeight] = face.box;
  const angle = face.rotation?.angle;
  const mesh = face.mesh ?? [];
  const hasMesh = mesh.length > 450;
  return {
    score: face.score,
    share: Math.max(boxWidth, boxHeight) / Math.min(width, height),
    real: face.real ?? 0,
    live: face.live ?? 0,
    yaw: angle?.yaw ?? null,
    pitch: angle?.pitch ?? null,
    eyeOpenness: {
      left: hasMesh ? openness(mesh, [374, 386], [443, 450]) : 0,
      right: hasMesh ? openness(mesh, [145, 159], [223, 230]) : 0,
    },
    embedding: face.embedding ?? [],
  };
}

async function read({ width, height, pixels }) {
  const tensor = human.tf.tensor3d(pixels, [height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    return result.face.map((face) => describe(face, width, height)).sort((a, b) => b.share - a.share);
  } finally {
    tensor.dispose();
  }
}

parentPort.on('message', async ({ id, frames }) => {
  try {
    const readings = [];
    for (const frame of frames) readings.push(await read(frame));
    const reference = readings[0]?.[0]?.embedding;
    const answer = readings.map((faces) =>
      faces.map(({ embedding, ...face }) => ({
        ...face,
        similarity:
          reference && embedding.length > 0 ? human.match.similarity(reference, embedding, SIMILARITY) : 0,
      })),
    );
    parentPort.postMessage({ id, result: answer });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage('ready');
