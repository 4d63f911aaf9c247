import { Worker } from 'node:worker_threads';
import type { FrameReading, LivenessFrames } from '@kaskita/domain/verification/liveness';
import sharp from 'sharp';
import type { ImageInput } from '../ocr/ocr-provider.ts';
import { SerialQueue } from '../serial-queue.ts';
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

  private worker: Promise<Worker> | null = null;
  private nextId = 0;
  private readonly queue: SerialQueue;

  constructor(options: HumanLivenessOptions = {}) {
    this.queue = new SerialQueue(
      { maxWaiting: options.maxWaiting ?? 8, timeoutMs: options.timeoutMs ?? 20_000 },
      (reason, detail) => {
        // A timed-out check may still be computing: that worker is stopped so the next check is not held behind it.
        if (reason === 'timeout') void this.stopWorker();
        return new LivenessError(reason, { cause: new Error(detail) });
      },
    );
  }

  /** Loads the models now rather than on the first check (a benchmark's warm-up, or at boot). */
  async start(): Promise<void> {
    await this.queue.run(() => this.ensureWorker());
  }

  read(frames: LivenessFrames<ImageInput>): Promise<LivenessFrames<FrameReading>> {
    return this.queue.run(async () => {
      try {
        return await this.readNow(frames);
      } catch (error) {
        throw error instanceof LivenessError ? error : new LivenessError('engine', { cause: error });
      }
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.stopWorker();
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
  private async faces(frames: DecodedImage[]): Promise<WorkerFace[][]> {
    const worker = await this.ensureWorker();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      const onMessage = (message: { id: number; frames?: WorkerFace[][]; error?: string }) => {
        if (message.id !== id) return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (message.frames) resolve(message.frames);
        else reject(new LivenessError('engine', { cause: new Error(message.error) }));
      };
      const onExit = () => {
        worker.off('message', onMessage);
        reject(new LivenessError('engine', { cause: new Error('the liveness engine stopped') }));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.postMessage(
        { id, frames },
        frames.map((frame) => frame.pixels.buffer as ArrayBuffer),
      );
    });
  }

  private ensureWorker(): Promise<Worker> {
    this.worker ??= startWorker().catch((error: unknown) => {
      this.worker = null; // the next check tries again
      throw new LivenessError('engine', { cause: error });
    });
    return this.worker;
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await worker.then(
      (w) => w.terminate(),
      () => {}, // it never started
    );
  }
}

function startWorker(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    worker.once('message', (message) =>
      message === 'ready' ? resolve(worker) : reject(new Error('bad start')),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the liveness engine exited (${code}) while starting`)));
  });
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
  const { data, info } = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A copy that owns its whole buffer, so it can be transferred to the worker rather than copied again.
  return { pixels: new Uint8Array(data), width: info.width, height: info.height };
}
