import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { ImageUpload } from './uploaded-image.ts';

/** The file part of a multipart form call, read whole (the multipart limits cap it at UPLOAD_LIMIT_BYTES). */
export interface FormUpload extends ImageUpload {
  bytes: Buffer;
  /** The form field it was sent in. */
  field: string;
}

const uploads = new WeakMap<FastifyRequest, FormUpload[]>();

/**
 * Reads a multipart form before validation: its text fields become the body the call's `form` schema validates, its
 * file parts (`maxFiles`, one unless the call documents more; one more answers 4130) are kept for the handler. A form
 * posted without a file (urlencoded or JSON) was parsed by its own parser and is left as it is.
 */
export async function readMultipartForm(request: FastifyRequest, maxFiles = 1): Promise<void> {
  if (!request.isMultipart()) return;
  await readingMultipart(async () => {
    const fields: Record<string, string> = {};
    const files: FormUpload[] = [];
    uploads.set(request, files);
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A form's empty file input still sends a part, nameless and empty: no file was chosen.
        if (bytes.length === 0 && !part.filename) continue;
        files.push({ field: part.fieldname, bytes, declaredType: part.mimetype, filename: part.filename });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    request.body = fields;
  });
}

/**
 * The one file part of an upload call (the KTP photo, the selfie), read whole (the multipart limits cap it at
 * UPLOAD_LIMIT_BYTES); `missing` when the request has none in `field`.
 */
export async function readFilePart(
  request: FastifyRequest,
  field: string,
  missing: AppError,
): Promise<{ bytes: Buffer; declaredType: string; filename: string }> {
  if (!request.isMultipart()) throw missing;
  return readingMultipart(async () => {
    const part = await request.file();
    if (!part || part.fieldname !== field) throw missing;
    return { bytes: await part.toBuffer(), declaredType: part.mimetype, filename: part.filename };
  });
}

/**
 * A multipart body the parser cannot read (no boundary, a broken part header, a body cut off before its end) is the
 * client's fault: 4002, not 5000. busboy throws plain errors for these; the multipart plugin's own limits and types
 * (FST_ codes) and our refusals keep their answers.
 */
async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError || String((error as { code?: unknown }).code ?? '').startsWith('FST_'))
      throw error;
    throw new AppError('MALFORMED_BODY');
  }
}

/** The (first) file part of a multipart form call, or null when none was sent. */
export function formUpload(request: FastifyRequest): FormUpload | null {
  return uploads.get(request)?.[0] ?? null;
}

/** The file part sent in `field`, or null: for a call that takes several files. */
export function formUploadIn(request: FastifyRequest, field: string): FormUpload | null {
  return uploads.get(request)?.find((upload) => upload.field === field) ?? null;
}
