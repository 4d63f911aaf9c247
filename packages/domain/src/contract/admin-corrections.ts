import { z } from 'zod';
import { CORRECTABLE_FIELDS, CORRECTION_STATUSES } from '../legal/personal-data-rights.ts';
import { optionalEnum, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { defineCall } from './define-call.ts';
import { instantText } from './formats.ts';

/**
 * The back office's side of a borrower's correction request (issue 27): a field of the KTP identity locked after
 * submit, the value the borrower asks for and why. Approving changes the field through an audited staff command;
 * refusing answers the borrower with the staff member's reason.
 */

const correctionRowSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  borrower_name_masked: z.string().nullable(),
  field: z.enum(CORRECTABLE_FIELDS),
  current_value: z
    .string()
    .nullable()
    .describe('The value held now; a NIK shows its last four digits only (reveal it on the borrower page).'),
  proposed_value: z.string().describe('As the borrower typed it, for this request.'),
  reason: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  answer: z.string().nullable(),
  created_at: instantText,
  decided_at: instantText.nullable(),
});
export type AdminCorrectionRow = z.infer<typeof correctionRowSchema>;

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const reasonSchema = z.string().trim().min(1).max(500);

export const adminCorrectionCalls = {
  listCorrectionRequests: defineCall('listCorrectionRequests', {
    summary: 'Correction requests of locked identity fields',
    description: 'Open requests first, oldest first; filter by status.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['created_at']).extend({ status: optionalEnum(CORRECTION_STATUSES) }),
    response: pageSchema(correctionRowSchema),
  }),
  approveCorrection: defineCall('approveCorrection', {
    summary: 'Approve a correction: the field takes the value asked for',
    description:
      'Changes the field through the audited command `personal_data.correct` (the audit row names the field, never the value). Refused once decided (4404), and for a NIK another account holds (4263).',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CORRECTION_NOT_OPEN', 'KTP_REGISTERED'],
    params: idParams,
    body: z.object({ reason: reasonSchema }),
    response: correctionRowSchema,
  }),
  refuseCorrection: defineCall('refuseCorrection', {
    summary: 'Refuse a correction, with the reason the borrower reads',
    description: 'The reason is shown to the borrower beside the request. Refused once decided (4404).',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CORRECTION_NOT_OPEN'],
    params: idParams,
    body: z.object({ reason: reasonSchema }),
    response: correctionRowSchema,
  }),
};
