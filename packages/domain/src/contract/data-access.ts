import { z } from 'zod';
import { ROLE_NAMES } from '../staff/permissions.ts';
import { PII_FIELDS } from './admin-borrowers.ts';
import { defineCall } from './define-call.ts';

/**
 * Who at the lender saw the borrower's personal data unmasked (issue 27): every reveal of a KTP photo, a selfie, the NIK
 * or another field by staff is an audited command (borrower.pii.reveal); the borrower sees each one, when and by which
 * role, never the staff member's name.
 */
export const dataAccessSchema = z.object({
  list: z.array(
    z.object({
      at: z.string().describe('When it was shown (ISO 8601).'),
      field: z
        .enum(PII_FIELDS)
        .describe(
          'What was shown unmasked: name, nik, phone, birth_date, address, ktp_photo, selfie or ocr_reading.',
        ),
      role: z
        .enum(ROLE_NAMES)
        .describe('The role of the staff member who saw it (risk_reviewer, customer_support ...).'),
    }),
  ),
});
export type DataAccess = z.infer<typeof dataAccessSchema>;

export const dataAccessCalls = {
  listDataAccess: defineCall('listDataAccess', {
    tag: 'borrower',
    summary: 'Who at KasKita saw my personal data',
    description:
      "Each time a staff member was shown the borrower's KTP photo, selfie, NIK or another field unmasked, newest first (at most 100): when, what, and the staff member's role.",
    errors: [],
    response: dataAccessSchema,
  }),
};
