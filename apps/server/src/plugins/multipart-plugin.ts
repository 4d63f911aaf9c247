import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Uploads (KTP photo, face) are images only; routes check the part's mimetype against this list. */
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

export function isAcceptedImageType(mimetype: string): boolean {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(mimetype.toLowerCase());
}

/**
 * Multipart parsing with hard limits, registered now so the first upload route cannot forget them:
 * one file of at most `fileSizeLimit` bytes, a few small fields. Exceeding them answers 4130.
 */
export async function registerMultipart(app: FastifyInstance, fileSizeLimit: number): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: fileSizeLimit,
      files: 1,
      fields: 20,
      fieldSize: 16 * 1024,
      parts: 21,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
}
