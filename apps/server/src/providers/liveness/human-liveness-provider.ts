import type { FrameReading, LivenessFrames } from '@kaskita/domain/verification/liveness';
import { loadSharp } from '../../http/load-sharp.ts';
import type { ImageInput } from '../ocr/ocr-provider.ts';
import { WorkerEngine } from '../worker-engine.ts';
import { LivenessError, type LivenessProvider } from './liveness-provider.ts';

// @vladmandic/human's Node build for the WASM backend (no native tfjs-node), in a worker thread
// (human-liveness-worker.mjs). Its models and tfjs's .wasm files ship in the npm packages: nothing is fetched.
const WORKER_URL = new URL('./human-liveness-worker.mjs', import.meta.url);

/** Frames are read at most this size (long side): what the thresholds were measured at, 60-250 ms a frame here. */
const MAX_SIDE = 640;

/** One face as the worker describes it (human-liveness-worker.mjs). */
interface WorkerFace {
  score: number;
  share: number;
  real: number;
  live: number;
  yaw: number | null;
  pitch: number | null;
  eyeOpenness: { left: number; right: number };
  similarity: number;
}

export interface HumanLivenessOptions {
  timeoutMs?: number;
  maxWaiting?: number;
}

/**
 * Local liveness readings with @vladmandic/human on tfjs's WASM backend, in a worker thread started on the first
 * check; one check (three frames) at a time. A check that times out stops the worker (the next starts a fresh one).
 */
export class HumanLivenessProvider implements LivenessProvider {
  readonly kind = 'liveness';
  readonly name = 'human';
  readonly sandbox = false;

  private readonly engine: WorkerEngine<LivenessError>;

  constructor(options: HumanLivenessOptions = {}) {
    this.engine = new WorkerEngine({
      url: WORKER_URL,
      name: 'the liveness engine',
      timeoutMs: options.timeoutMs ?? 20_000,
      maxWaiting: options.maxWaiting ?? 8,
      Failure: LivenessError,
    });
  }

  /** Loads the models now rather than on the first check (a benchmark's warm-up, or at boot). */
  start(): Promise<void> {
    return this.engine.start();
  }

  read(frames: LivenessFrames<ImageInput>): Promise<LivenessFrames<FrameReading>> {
    return this.engine.run(() => this.readNow(frames));
  }

  close(): Promise<void> {
    return this.engine.close();
  }

  private async readNow(frames: LivenessFrames<ImageInput>): Promise<LivenessFrames<FrameReading>> {
    const decoded = await Promise.all(
      [frames.start, frames.action, frames.end].map((frame) => decode(frame.bytes)),
    );
    const [start, action, end] = (await this.faces(decoded)).map(toReading) as [
      FrameReading,
      FrameReading,
      FrameReading,
    ];
    return { start, action, end };
  }

  /** Each frame's faces, largest first, each with its similarity to the first frame's largest face. */
  private faces(frames: DecodedImage[]): Promise<WorkerFace[][]> {
    return this.engine.ask<WorkerFace[][]>(
      { frames },
      frames.map((frame) => frame.pixels.buffer as ArrayBuffer),
    );
  }
}

function toReading(faces: WorkerFace[]): FrameReading {
  const largest = faces[0];
  if (!largest) return { faces: 0, face: null };
  const { yaw, pitch, similarity, ...measures } = largest;
  // The mesh gives every detected face its angles; without them the engine misread, not the borrower.
  if (yaw === null || pitch === null)
    throw new LivenessError('engine', { cause: new Error('a face without angles') });
  return { faces: faces.length, face: { ...measures, yaw, pitch, similarityToStart: similarity } };
}

interface DecodedImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** Upright (EXIF), at most MAX_SIDE, RGB pixels. */
async function decode(bytes: Uint8Array): Promise<DecodedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A copy that owns its whole buffer, so it can be transferred to the worker rather than copied again.
  return { pixels: new Uint8Array(data), width: info.width, height: info.height };
}
