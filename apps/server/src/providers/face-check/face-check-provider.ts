import type { FaceReason } from '@kaskita/domain/contract/verification';
import type { ImageInput } from '../ocr/ocr-provider.ts';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// No sandbox: a check that always matched would let a test pass a flow whose only purpose is to refuse someone. The
// real engine is local (face-api-face-check-provider.ts); a commercial liveness service would be another provider.

/**
 * A comparison's outcome: `pass` same person; `retry` the photo cannot be used (`reason` says why); `fail` another
 * person (`different_person`). `distance` is the provider's measure, kept for audit and tuning; null when nothing was
 * compared.
 */
export interface FaceComparison {
  result: 'pass' | 'retry' | 'fail';
  reason: FaceReason | null;
  distance: number | null;
}

export type FaceCheckFailure = 'timeout' | 'busy' | 'closed' | 'engine';

/** The engine could not judge (not the borrower's photo): the try is not counted. */
export class FaceCheckError extends Error {
  constructor(
    readonly reason: FaceCheckFailure,
    options?: { cause?: unknown },
  ) {
    super(`face check failed: ${reason}`, options);
    this.name = 'FaceCheckError';
  }
}

/** Compares the borrower's selfie with the photo on their KTP. Biometric data: never logged, never kept here. */
export interface FaceCheckProvider extends ProviderDescriptor<'face-check'> {
  compare(selfie: ImageInput, ktpPhoto: ImageInput): Promise<FaceComparison>;
  /** Frees the engine; called when the app closes. */
  close(): Promise<void>;
}
