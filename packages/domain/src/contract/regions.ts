import { z } from 'zod';
import { PARENT_CODE_PATTERN } from '../validation/region-code.ts';
import { defineCall } from './define-call.ts';

export const areasQuerySchema = z.object({
  pid: z
    .string()
    .trim()
    // Blank is the top level, like an absent pid (what an empty form field sends). Not auth.ts's optionalText: the
    // web's region picker would load the sign-in schemas with it.
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(PARENT_CODE_PATTERN, 'not a province, city or district code').optional())
    .optional()
    .describe(
      'The region whose children are listed: absent for the provinces, a province code for its cities and regencies, a city/regency code for its districts, a district code for its villages. Only a code of one of those shapes passes (anything else, a village code included, is 4000); a well-formed code that names no region has no children.',
    ),
});

export const areaSchema = z.object({
  id: z.string().describe('The dotted Kemendagri code (`32.73.01`), what forms store.'),
  name: z.string().describe('The official name, readable: `Kota Bandung`, `Coblong`.'),
  leaf: z.boolean().describe('A village: nothing below it to pick.'),
});
export type Area = z.infer<typeof areaSchema>;

export const areasSchema = z.object({
  list: z
    .array(areaSchema)
    .describe('Sorted by name, as Indonesians read it (numbers in order: "Desa 2" before "Desa 10").'),
});
export type Areas = z.infer<typeof areasSchema>;

export const regionCalls = {
  getAreas: defineCall('getAreas', {
    tag: 'app',
    summary: 'Indonesian regions, one level at a time',
    description:
      'The children of `pid`: provinces without it, then cities/regencies, districts and villages (villages are leaves). Public, static data (Kemendagri codes via idn-area-data), cached by browsers and proxies for a day. A malformed `pid` is 4000; a well-formed code naming no region answers an empty list.',
    errors: [],
    query: areasQuerySchema,
    response: areasSchema,
  }),
};
