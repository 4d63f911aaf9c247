import { z } from 'zod';
import { defineCall } from './define-call.ts';

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

const CONFIG_DESCRIPTION =
  'Support contacts, app-store links and the OJK licence text; the web app fetches it once and keeps it.';

export const configCalls = {
  getConfig: defineCall('getConfig', {
    tag: 'app',
    summary: 'App configuration',
    description: CONFIG_DESCRIPTION,
    errors: [],
    response: appConfigSchema,
  }),
  getConfigByPost: defineCall('getConfigByPost', {
    tag: 'app',
    summary: 'App configuration (POST form)',
    description: `The spec's POST form of GET /v1/config, which answers the same. ${CONFIG_DESCRIPTION}`,
    errors: [],
    response: appConfigSchema,
  }),
};
