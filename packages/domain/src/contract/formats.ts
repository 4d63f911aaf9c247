import { z } from 'zod';

/**
 * Text formats of answers, named for the API document (`format`). Metadata only: answers are not checked against
 * them at runtime; the journey test (apps/server/test/app/openapi-journey.test.ts) checks real answers against them.
 */

/** A calendar date, YYYY-MM-DD (a business date in Asia/Jakarta unless said otherwise). */
export const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ format: 'date' });

/** An instant, ISO 8601 with its offset (`2026-03-02T03:00:00.000Z`). */
export const instantText = z.string().meta({ format: 'date-time' });
