import type { FastifyRequest } from 'fastify';
import type { ImageUpload } from './uploaded-image.ts';

/** The file part of a multipart form call, read whole (the multipart limits cap it at UPLOAD_LIMIT_BYTES). */
export interface FormUpload extends ImageUpload {
  bytes: Buffer;
  /** The form field it was sent in. */
  field: string;
}

const uploads = new WeakMap<FastifyRequest, FormUpload>();

/**
 * Reads a multipart form before validation: its text fields become the body the call's `form` schema validates, its
 * one file part (the multipart plugin allows one) is kept for the handler. A form posted without a file
 * (urlencoded or JSON) was parsed by its own parser and is left as it is.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      // A form's empty file input still sends a part, nameless and empty: no file was chosen.
      if (bytes.length === 0 && !part.filename) continue;
      uploads.set(request, {
        field: part.fieldname,
        bytes,
        declaredType: part.mimetype,
        filename: part.filename,
      });
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  request.body = fields;
}

/** The file part of a multipart form call, or null when none was sent. */
export function formUpload(request: FastifyRequest): FormUpload | null {
  return uploads.get(request) ?? null;
}
