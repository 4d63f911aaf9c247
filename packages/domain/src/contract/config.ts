import { z } from 'zod';

/**
 * GET or POST /v1/config: app configuration the web fetches once and stores (spec section 3/9:
 * support phone and app-store links). Values are placeholders until operations set them.
 */
export const appConfigSchema = z.object({
  support_phone: z.string(),
  support_email: z.string(),
  support_hours: z.string(),
  app_download_ios: z.string(),
  app_download_android: z.string(),
  /** The "licensed and supervised by OJK" banner text. */
  ojk_licence_text: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
