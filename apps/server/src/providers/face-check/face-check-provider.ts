import type { ImageInput } from '../ocr/ocr-provider.ts';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Implemented by the face verification issue (/user-face), e.g. face-api with bundled models (stack-notes.md). No
// sandbox: a check that always matched would let a test pass a flow whose only purpose is to refuse someone.

export type FaceCheckResult =
  | { status: 'no_face' | 'several_faces'; image: 'selfie' | 'ktp' }
  | {
      status: 'compared';
      /** Same person by the provider's threshold. */
      match: boolean;
      /** The provider's distance or score, kept for audit and for tuning the threshold. */
      score: number;
    };

/** Compares the borrower's selfie with the photo on their KTP. Biometric data: never logged, never kept here. */
export interface FaceCheckProvider extends ProviderDescriptor<'face-check'> {
  compare(selfie: ImageInput, ktpPhoto: ImageInput): Promise<FaceCheckResult>;
}
