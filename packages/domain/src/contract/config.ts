import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { defineCall } from './define-call.ts';
import { dateText } from './formats.ts';

/**
 * Figures OJK requires on the landing page, from the back office's computation over the loan book
 * (contract/admin-book.ts), with the date they were counted. Each is null until first computed, and `lenders` stays
 * null while the book records no funders: the page then shows no number rather than an invented one.
 */
export const platformFiguresSchema = z.object({
  funds_disbursed: rupiahSchema.nullable().describe('Cumulative funds disbursed since launch, whole rupiah.'),
  lenders: z.number().int().nonnegative().nullable(),
  borrowers: z.number().int().nonnegative().nullable(),
  tkb90_percent: z
    .string()
    .regex(/^\d{1,3}(\.\d+)?$/)
    .nullable()
    .describe('TKB90 (repayment success within 90 days of due date) as an exact percent string ("98.73").'),
  as_of: dateText
    .nullable()
    .describe('The business date (YYYY-MM-DD) the figures were counted; null when never computed.'),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;

/** A host name as a URL has it (lower case, no port, no scheme, no wildcard): an exact match, never a suffix. */
export const IFRAME_HOST =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * GET or POST /v1/config: app configuration the web fetches once and stores (spec sections 3 and 9: support phone
 * and app-store links; the regulator's duties: the lender's identity, complaint channels and platform figures).
 * Operations edit the values in the app_config table; the seed only provides believable defaults. The platform
 * figures are not configuration: they come from the latest computation over the loan book.
 */
export const appConfigSchema = z.object({
  support_phone: z.string(),
  support_email: z.string(),
  support_hours: z.string(),
  support_whatsapp: z
    .string()
    .regex(/^\+\d{8,15}$/)
    .nullable()
    .describe(
      'Customer service on WhatsApp in international form (+628...), for a wa.me link; null when none.',
    ),
  app_download_ios: z
    .string()
    .nullable()
    .describe(
      'The store pages of a native app, null until one is published: the web then shows no download button.',
    ),
  app_download_android: z.string().nullable(),
  ojk_licence_text: z.string().describe('The "licensed and supervised by OJK" banner text.'),
  company_legal_name: z
    .string()
    .describe("The lender's legal identity, shown in the footer and the legal documents."),
  company_address: z.string(),
  ojk_registration_number: z
    .string()
    .describe('The OJK licence (registration) number: a configuration value, never typed in copy.'),
  complaint_email: z.string().describe('Written complaints (in-app complaints go through Me > Help).'),
  dpo_email: z.string().describe('The data protection officer (UU PDP 27/2022, art. 53).'),
  platform_figures: platformFiguresSchema,
  partner_links: z
    .record(z.string(), z.string())
    .describe("Where each partner's 'apply now' goes, by partner key of /landing-page/:platform."),
  iframe_hosts: z
    .array(z.string().regex(IFRAME_HOST))
    .describe(
      "Hosts of the lender's pages the app may embed (/iframe, /home/iframe), over https only; the embedded page may ask for the borrower's token, so only the lender's own hosts belong here. Empty: nothing is embedded.",
    ),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

const CONFIG_DESCRIPTION =
  "Support contacts, app-store and partner links, the lender's identity and OJK licence, complaint channels and the platform figures (with their date); the web app fetches it once and keeps it.";

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
