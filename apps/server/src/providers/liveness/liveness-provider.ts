import type { FrameReading, LivenessFrames } from '@kaskita/domain/verification/liveness';
import type { ImageInput } from '../ocr/ocr-provider.ts';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// No sandbox, as for the face check: a liveness check that always passed would let a test pass a flow whose only
// purpose is to refuse a photo held to the camera. The real engine is local (human-liveness-provider.ts).

export type LivenessFailure = 'timeout' | 'busy' | 'closed' | 'engine';

/** The engine could not read the frames (not the borrower's doing): the try is not counted. */
export class LivenessError extends Error {
  constructor(
    readonly reason: LivenessFailure,
    options?: { cause?: unknown },
  ) {
    super(`liveness check failed: ${reason}`, options);
    this.name = 'LivenessError';
  }
}

/**
 * Reads the three frames of a liveness check; the domain's judgeLiveness decides from the readings, so the rules stay
 * in one place whichever engine measured. Biometric data: never logged, never kept here.
 */
export interface LivenessProvider extends ProviderDescriptor<'liveness'> {
  read(frames: LivenessFrames<ImageInput>): Promise<LivenessFrames<FrameReading>>;
  /** Frees the engine; called when the app closes. */
  close(): Promise<void>;
}
