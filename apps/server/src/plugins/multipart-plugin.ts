import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

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
