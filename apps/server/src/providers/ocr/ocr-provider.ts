import type { Gender, MaritalCode, ReligionCode } from '@kaskita/domain/i18n/ktp-enumerations';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// No sandbox: a reader that returned made-up fields would hide the real engine's mistakes. The tesseract provider
// reads offline with bundled language data (stack-notes.md, OCR).

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
  gender: Gender | null;
  /** RELIGIONS code (1 Islam ... 6 Konghucu). */
  religion: ReligionCode | null;
  /** MARITAL_STATUSES code (1 kawin, 2 belum kawin, 3 cerai hidup, 4 cerai mati). */
  marital: MaritalCode | null;
  /** 0..1: how sure the engine is of the whole reading. */
  confidence: number;
}

/** Reads the identity card photo; the borrower checks and corrects what it read. */
export interface OcrProvider extends ProviderDescriptor<'ocr'> {
  /** Expects the OCR version of an upload (`readUploadedImage(...).forOcr`): upright, greyscale, a readable size. */
  readKtp(image: ImageInput): Promise<KtpReading>;
  /** Frees the engine; called when the app closes. */
  close(): Promise<void>;
}
