import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { ImageInput } from '../ocr/ocr-provider.ts';
import { SerialQueue } from '../serial-queue.ts';
import { FaceCheckError, type FaceCheckProvider, type FaceComparison } from './face-check-provider.ts';

// face-api's Node build for the WASM backend (no native tfjs-node, whose install downloads a binary). Its models (13 MB)
// and tfjs's .wasm files ship in the npm packages: nothing is fetched at run time.
const require = createRequire(import.meta.url);

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

type FaceApi = typeof import('@vladmandic/face-api');
interface DetectedFace {
  box: { width: number; height: number };
  descriptor: Float32Array;
}

export interface FaceApiOptions {
  timeoutMs?: number;
  maxWaiting?: number;
}

/** Local face matching with @vladmandic/face-api on tfjs's WASM backend; one check at a time, engine loaded once. */
export class FaceApiFaceCheckProvider implements FaceCheckProvider {
  readonly kind = 'face-check';
  readonly name = 'face-api';
  readonly sandbox = false;

  private engine: Promise<FaceApi> | null = null;
  private readonly queue: SerialQueue;

  constructor(options: FaceApiOptions = {}) {
    this.queue = new SerialQueue(
      { maxWaiting: options.maxWaiting ?? 8, timeoutMs: options.timeoutMs ?? 20_000 },
      (reason, detail) => new FaceCheckError(reason, { cause: new Error(detail) }),
    );
  }

  /** Loads the models now rather than on the first check (a benchmark's warm-up, or at boot). */
  async start(): Promise<void> {
    await this.queue.run(() => this.ensureEngine());
  }

  compare(selfie: ImageInput, ktpPhoto: ImageInput): Promise<FaceComparison> {
    return this.queue.run(async () => {
      try {
        return await this.compareNow(selfie, ktpPhoto);
      } catch (error) {
        throw error instanceof FaceCheckError ? error : new FaceCheckError('engine', { cause: error });
      }
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }

  private async compareNow(selfie: ImageInput, ktpPhoto: ImageInput): Promise<FaceComparison> {
    const faceapi = await this.ensureEngine();
    const selfieImage = await decode(selfie.bytes);
    if (selfieImage.meanLuminance < MIN_MEAN_LUMINANCE) return retry('too_dark');
    const selfieFaces = await this.faces(faceapi, selfieImage);
    if (selfieFaces.length === 0) return retry('no_face');
    if (selfieFaces.length > 1) return retry('several_faces');
    const face = selfieFaces[0]!;
    if (face.box.width < MIN_FACE_SHARE * Math.min(selfieImage.width, selfieImage.height))
      return retry('too_small');

    // A KTP has one printed photo; the card's hologram or a reflection can be read as a second, smaller face, so the
    // largest is the holder's.
    const ktpFaces = await this.faces(faceapi, await decode(ktpPhoto.bytes));
    const ktpFace = ktpFaces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (!ktpFace) return retry('ktp_no_face');

    const distance = Number(faceapi.euclideanDistance(face.descriptor, ktpFace.descriptor).toFixed(4));
    return distance <= SAME_PERSON_MAX_DISTANCE
      ? { result: 'pass', reason: null, distance }
      : { result: 'fail', reason: 'different_person', distance };
  }

  private async faces(faceapi: FaceApi, image: DecodedImage): Promise<DetectedFace[]> {
    const tensor = faceapi.tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
    try {
      const results = await faceapi
        .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_FACE_SCORE }))
        .withFaceLandmarks()
        .withFaceDescriptors();
      return results.map((r) => ({ box: r.detection.box, descriptor: r.descriptor }));
    } finally {
      tensor.dispose();
    }
  }

  private ensureEngine(): Promise<FaceApi> {
    this.engine ??= loadEngine().catch((error: unknown) => {
      this.engine = null; // the next check tries again
      throw new FaceCheckError('engine', { cause: error });
    });
    return this.engine;
  }
}

function retry(reason: FaceComparison['reason']): FaceComparison {
  return { result: 'retry', reason, distance: null };
}

async function loadEngine(): Promise<FaceApi> {
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };
  wasm.setWasmPaths(`${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
  // face-api's type of its bundled tfjs omits the backend calls its runtime has.
  const tf = faceapi.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
  await tf.setBackend('wasm');
  await tf.ready();
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);
  return faceapi;
}

interface DecodedImage {
  pixels: Int32Array;
  width: number;
  height: number;
  meanLuminance: number;
}

/** Upright (EXIF), at most MAX_SIDE, RGB pixels; and how bright it is. */
async function decode(bytes: Uint8Array): Promise<DecodedImage> {
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
