import { extname } from 'node:path';
import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from './load-sharp.ts';
import { AppError } from './app-error.ts';

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

export type ImageRejection = 'not_image' | 'too_large' | 'type_mismatch' | 'dimensions';

const KEY_OF = {
  not_image: 'NOT_AN_IMAGE',
  too_large: 'IMAGE_TOO_LARGE',
  type_mismatch: 'IMAGE_TYPE_MISMATCH',
  dimensions: 'IMAGE_DIMENSIONS',
} as const;

/** An upload refused before it is stored or read; an AppError, so the error handler answers its code as it is. */
export class ImageRejectedError extends AppError {
  constructor(
    readonly reason: ImageRejection,
    /** For logs only (never shown): what exactly was wrong. */
    readonly detail: string,
  ) {
    super(KEY_OF[reason]);
    this.name = 'ImageRejectedError';
  }
}

/** The default when the caller passes no limit; the app passes UPLOAD_LIMIT_BYTES (same default). */
export const DEFAULT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Decoded pixels allowed: a 50 MP phone photo (8160 x 6120) fits, a decompression bomb (a few kB declaring
 * 100k x 100k) does not. Checked from the header before decoding and again by sharp while decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Below this on either side a KTP's text is a few pixels high and cannot be read. */
export const MIN_SIDE_PX = 200;

/** Long side / short side: a card photo is about 1.6; a strip of 1 x 40,000 pixels is no photo. */
const MAX_ASPECT_RATIO = 8;

/** The stored copy: enough to read the card by eye and to compare its face, at a few hundred kB. */
const STORED_MAX_SIDE_PX = 1600;
const STORED_JPEG_QUALITY = 85;

/**
 * The OCR copy's long side: a card filling the frame then has text 20-30 px high, which tesseract reads best; larger
 * costs time without reading more (measured in bench/ocr-bench.ts).
 */
export const OCR_LONG_SIDE_PX = 1200;

export interface ImageUpload {
  bytes: Uint8Array;
  /** The part's Content-Type as the client sent it. */
  declaredType?: string | null | undefined;
  filename?: string | null | undefined;
}

export interface ReadImageOptions {
  /** UPLOAD_LIMIT_BYTES. */
  maxBytes?: number;
}

/** An image only stored (a selfie, a payment proof): the OCR copy, a second full decode and encode, is not made. */
export type StoredOnlyImage = Omit<UploadedImage, 'forOcr'>;

export interface ProcessedImage {
  bytes: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export interface UploadedImage {
  /** What the bytes are, whatever the client said. */
  sourceType: ImageMimeType;
  /** To store: upright, JPEG, no metadata at all (EXIF, GPS, camera, ICC), long side at most 1600 px. */
  stored: ProcessedImage & { mimeType: 'image/jpeg' };
  /** To read: upright, greyscale, denoised, contrast stretched, long side OCR_LONG_SIDE_PX, lossless PNG. */
  forOcr: ProcessedImage & { mimeType: 'image/png' };
}

const FORMAT_TYPES: Record<string, ImageMimeType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What a client may call each type; any other image type or extension disagrees with every accepted content. */
const DECLARED_TYPES: Record<string, ImageMimeType | null> = {
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/x-png': 'image/png',
  'image/webp': 'image/webp',
};
const EXTENSION_TYPES: Record<string, ImageMimeType | null> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.jpe': 'image/jpeg',
  '.jfif': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  // Other image extensions: a JPEG called photo.heic was renamed, not taken so.
  '.gif': null,
  '.heic': null,
  '.heif': null,
  '.avif': null,
  '.bmp': null,
  '.tif': null,
  '.tiff': null,
  '.svg': null,
};

/**
 * Checks an uploaded photo and makes the two copies the app uses. Refuses, each with its own code: more than
 * `maxBytes`, content that is not JPEG/PNG/WebP, a declared type or extension naming another format than the content,
 * and pixel sizes that are unreadable or a decompression bomb.
 */
export async function readUploadedImage(
  upload: ImageUpload,
  options: ReadImageOptions & { ocrCopy: false },
): Promise<StoredOnlyImage>;
export async function readUploadedImage(
  upload: ImageUpload,
  options?: ReadImageOptions,
): Promise<UploadedImage>;
export async function readUploadedImage(
  upload: ImageUpload,
  options: ReadImageOptions & { ocrCopy?: boolean } = {},
): Promise<StoredOnlyImage | UploadedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const { bytes } = upload;
  if (bytes.byteLength > maxBytes)
    throw new ImageRejectedError('too_large', `${bytes.byteLength} bytes, limit ${maxBytes}`);

  // Magic numbers first, so SVG, PDF or HEIC bytes never reach a decoder (librsvg, poppler ...) at all.
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new ImageRejectedError('not_image', 'no JPEG, PNG or WebP signature');
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch (error) {
    throw new ImageRejectedError('not_image', `unreadable header: ${(error as Error).message}`);
  }
  const sourceType = FORMAT_TYPES[metadata.format ?? ''];
  if (sourceType !== sniffed)
    throw new ImageRejectedError('not_image', `signature ${sniffed}, decoded ${metadata.format}`);

  const declared = declaredTypeOf(upload);
  if (declared !== undefined && declared !== sourceType)
    throw new ImageRejectedError(
      'type_mismatch',
      `declared ${declared ?? 'another image type'}, content ${sourceType}`,
    );

  const { width, height } = metadata;
  if (!width || !height) throw new ImageRejectedError('not_image', 'no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRejectedError('dimensions', `${width}x${height}`);
  if (Math.min(width, height) < MIN_SIDE_PX) throw new ImageRejectedError('dimensions', `${width}x${height}`);
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO)
    throw new ImageRejectedError('dimensions', `${width}x${height}`);

  // One decode; autoOrient turns the pixels upright, after which the orientation tag (dropped with the rest) is moot.
  const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  try {
    const stored = encode(
      upright
        .clone()
        .resize(STORED_MAX_SIDE_PX, STORED_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: STORED_JPEG_QUALITY }),
      'image/jpeg',
    );
    if (options.ocrCopy === false) return { sourceType, stored: await stored };
    const forOcr = encode(
      upright
        .clone()
        .greyscale()
        .resize(OCR_LONG_SIDE_PX, OCR_LONG_SIDE_PX, { fit: 'inside' })
        // Sensor noise breaks tesseract's line finding (whole lines go missing); a 3 px median removes specks and
        // keeps the edges of strokes several pixels wide.
        .median(3)
        .normalise()
        // One channel: a third of the bytes to encode and hand to the engine, which reads grey anyway.
        .toColourspace('b-w')
        // Speed over size: the copy lives for one read.
        .png({ compressionLevel: 1 }),
      'image/png',
    );
    // Both encodes started before either is awaited: they run side by side in sharp's threads.
    const [storedImage, ocrImage] = await Promise.all([stored, forOcr]);
    return { sourceType, stored: storedImage, forOcr: ocrImage };
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new ImageRejectedError('dimensions', message);
    throw new ImageRejectedError('not_image', `undecodable: ${message}`);
  }
}

async function encode<T extends ProcessedImage['mimeType']>(
  pipeline: Sharp,
  mimeType: T,
): Promise<ProcessedImage & { mimeType: T }> {
  // sharp writes no metadata unless asked (withMetadata/keepExif): EXIF, GPS, XMP and ICC are all dropped here.
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { bytes: data, mimeType, width: info.width, height: info.height };
}

/** The type a file's own first bytes announce. */
export function sniffImageType(bytes: Uint8Array): ImageMimeType | null {
  const startsWith = (offset: number, signature: number[]): boolean =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(0, [0x52, 0x49, 0x46, 0x46]) && startsWith(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

/**
 * The format the client claims, from the declared type and then the extension: a type, null for a format we do not
 * accept, undefined when it claims nothing (no name, `application/octet-stream`, which some clients send for every
 * file). When both claim something they must both match the content, so each is checked in turn.
 */
function declaredTypeOf({ declaredType, filename }: ImageUpload): ImageMimeType | null | undefined {
  const claims: Array<ImageMimeType | null> = [];
  const mime = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (mime && mime !== 'application/octet-stream') claims.push(DECLARED_TYPES[mime] ?? null);
  const extension = filename ? extname(filename).toLowerCase() : '';
  if (extension in EXTENSION_TYPES) claims.push(EXTENSION_TYPES[extension]!);
  if (claims.length === 0) return undefined;
  return claims.every((claim) => claim === claims[0]) ? claims[0] : null;
}
