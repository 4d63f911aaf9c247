import { z } from 'zod';

/**
 * Headers the web app sends on every call (spec section 7). All optional: a bad value is ignored, never an error,
 * because a broken header must not lock a borrower out.
 */
export const requestHeadersSchema = z.object({
  os: z.string().max(16).optional(),
  lan: z.string().max(16).optional(),
  tz: z.string().max(64).optional(),
  lon: z.string().max(32).optional(),
  lat: z.string().max(32).optional(),
  app_version: z.string().max(32).optional(),
  cl: z.string().max(64).optional(),
  commerce_app_id: z.string().max(128).optional(),
  commerce_api_sign_key: z.string().max(256).optional(),
  commerce_app_uid: z.string().max(128).optional(),
  authorization: z.string().max(512).optional(),
});
export type RequestHeaders = z.infer<typeof requestHeadersSchema>;
