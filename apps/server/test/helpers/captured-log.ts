import { Writable } from 'node:stream';
import type { FastifyLoggerOptions } from 'fastify';
import { defaultLogger } from '../../src/plugins/server-options.ts';
import { loadEnv } from '../../src/env.ts';

/**
 * The app's own logger (its redaction and serializers), writing into `lines` instead of stdout, so a test can assert
 * what would reach the log. `settings` are those the app is built with (LOG_LEVEL debug by default).
 */
export function capturedLogger(settings: Record<string, string> = { LOG_LEVEL: 'debug' }) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger: FastifyLoggerOptions = {
    ...(defaultLogger(loadEnv(settings)) as FastifyLoggerOptions),
    stream,
  };
  return { lines, logger };
}
