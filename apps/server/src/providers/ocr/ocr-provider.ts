import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Implemented by the profile/KYC issue (KTP upload, POST /v1/user/ocr_check), e.g. tesseract.js with bundled language
// data (stack-notes.md). No sandbox: a reader that returned made-up fields would hide the real engine's mistakes.

export interface ImageInput {
  bytes: Uint8Array;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
}

/** The fields of a KTP the app pre-fills (spec section 3, "OCR result"); null when not read with confidence. */
export interface KtpReading {
  nik: string | null;
  name: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  gender: 'male' | 'female' | null;
  religion: string | null;
  marital: string | null;
  /** 0..1: how sure the engine is of the whole reading. */
  confidence: number;
}

/** Reads the identity card photo; the borrower checks and corrects what it read. */
export interface OcrProvider extends ProviderDescriptor<'ocr'> {
  readKtp(image: ImageInput): Promise<KtpReading>;
}
