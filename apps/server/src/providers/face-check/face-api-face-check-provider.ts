import { loadSharp } from '../../http/load-sharp.ts';
import type { ImageInput } from '../ocr/ocr-provider.ts';
import { WorkerEngine } from '../worker-engine.ts';
import { FaceCheckError, type FaceCheckProvider, type FaceComparison } from './face-check-provider.ts';

// face-api's Node build for the WASM backend (no native tfjs-node, whose install downloads a binary), in a worker thread
// (face-api-worker.mjs). Its models (13 MB) and tfjs's .wasm files ship in the npm packages: nothing is fetched.
const WORKER_URL = new URL('./face-api-worker.mjs', import.meta.url);

/**
 * Same person when the euclidean distance between the two 128-d face descriptors is at most this. face-api's usual
 * threshold is 0.6; measured on the package's demo photos (test/providers/face-check.test.ts prints them): the same
 * face resized, rotated 8° or brightened stays under 0.25, a KTP-like card with the face printed small ~0.3, while
 * different people measure 0.55 and above. A lender would rather ask a borrower to retry than accept a stranger, so
 * the bar sits below the usual 0.6.
 */
export const SAME_PERSON_MAX_DISTANCE = 0.5;
/** Detections below this score are not faces (face-api's default for SSD MobileNet). */
const MIN_FACE_SCORE = 0.5;
/** A selfie's face narrower than this share of the photo's shorter side is too far for a reliable descriptor. */
const MIN_FACE_SHARE = 0.15;
/** Mean luminance (0-255) below which a photo is too dark: detections there are unreliable (measured on dimmed photos). */
const MIN_MEAN_LUMINANCE = 45;
/** Photos are read at most this size (long side): 1920 px takes ~0.8 s here, 1024 px a third of it, same verdicts. */
const MAX_SIDE = 1024;

interface DetectedFace {
  width: number;
  height: number;
  descriptor: number[];
}

export interface FaceApiOptions {
  timeoutMs?: number;
  maxWaiting?: number;
}

/**
 * Local face matching with @vladmandic/face-api on tfjs's WASM backend, in a worker thread (WorkerEngine) started on
 * the first check; one check at a time.
 */
export class FaceApiFaceCheckProvider implements FaceCheckProvider {
  readonly kind = 'face-check';
  readonly name = 'face-api';
  readonly sandbox = false;

  private readonly engine: WorkerEngine<FaceCheckError>;

  constructor(options: FaceApiOptions = {}) {
    this.engine = new WorkerEngine({
      url: WORKER_URL,
      workerData: { minFaceScore: MIN_FACE_SCORE },
      name: 'the face engine',
      timeoutMs: options.timeoutMs ?? 20_000,
      maxWaiting: options.maxWaiting ?? 8,
      Failure: FaceCheckError,
    });
  }

  /** Loads the models now rather than on the first check (a benchmark's warm-up, or at boot). */
  start(): Promise<void> {
    return this.engine.start();
  }

  compare(selfie: ImageInput, ktpPhoto: ImageInput): Promise<FaceComparison> {
    return this.engine.run(() => this.compareNow(selfie, ktpPhoto));
  }

  close(): Promise<void> {
    return this.engine.close();
  }

  private async compareNow(selfie: ImageInput, ktpPhoto: ImageInput): Promise<FaceComparison> {
    const selfieImage = await decode(selfie.bytes);
    if (selfieImage.meanLuminance < MIN_MEAN_LUMINANCE) return retry('too_dark');
    const selfieFaces = await this.faces(selfieImage);
    if (selfieFaces.length === 0) return retry('no_face');
    if (selfieFaces.length > 1) return retry('several_faces');
    const face = selfieFaces[0]!;
    if (face.width < MIN_FACE_SHARE * Math.min(selfieImage.width, selfieImage.height))
      return retry('too_small');

    // A KTP has one printed photo; the card's hologram or a reflection can be read as a second, smaller face, so the
    // largest is the holder's.
    const ktpFaces = await this.faces(await decode(ktpPhoto.bytes));
    const ktpFace = ktpFaces.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!ktpFace) return retry('ktp_no_face');

    const distance = Number(euclideanDistance(face.descriptor, ktpFace.descriptor).toFixed(4));
    return distance <= SAME_PERSON_MAX_DISTANCE
      ? { result: 'pass', reason: null, distance }
      : { result: 'fail', reason: 'different_person', distance };
  }

  /** The faces the engine finds in a photo, each with its box size and 128-d descriptor. */
  private faces(image: DecodedImage): Promise<DetectedFace[]> {
    return this.engine.ask<DetectedFace[]>(
      { width: image.width, height: image.height, pixels: image.pixels },
      [image.pixels.buffer as ArrayBuffer],
    );
  }
}

/** Euclidean distance between two descriptors (what face-api's euclideanDistance computes). */
function euclideanDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

function retry(reason: FaceComparison['reason']): FaceComparison {
  return { result: 'retry', reason, distance: null };
}

interface DecodedImage {
  pixels: Int32Array;
  width: number;
  height: number;
  meanLuminance: number;
}

/** Upright (EXIF), at most MAX_SIDE, RGB pixels; and how bright it is. */
async function decode(bytes: Uint8Array): Promise<DecodedImage> {
  const sharp = await loadSharp();
  const upright = sharp(bytes, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha();
  const { data, info } = await upright.clone().raw().toBuffer({ resolveWithObject: true });
  const stats = await upright.clone().greyscale().stats();
  return {
    pixels: Int32Array.from(data),
    width: info.width,
    height: info.height,
    meanLuminance: stats.channels[0]?.mean ?? 0,
  };
}
