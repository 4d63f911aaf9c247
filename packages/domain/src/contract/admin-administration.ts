import { z } from 'zod';
import { ROLE_NAMES } from '../staff/permissions.ts';
import { optionalText } from './auth.ts';
import { optionalEnum, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { defineCall } from './define-call.ts';

/** The kinds of actor an audit row names (commands/command.ts). */
export const AUDIT_ACTOR_KINDS = ['borrower', 'provider', 'job', 'staff', 'operator'] as const;

const staffListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLE_NAMES),
  state: z.enum(['active', 'disabled']),
  totp_enrolled: z
    .boolean()
    .describe('Whether an authenticator app is set up (a member who has never signed in has none).'),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});

const auditEntrySchema = z.object({
  id: z.string(),
  command: z.string(),
  actor_kind: z.string(),
  actor_id: z.string(),
  subject_type: z.string().nullable(),
  subject_id: z.string().nullable(),
  outcome: z.string(),
  input: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A day as YYYY-MM-DD, read in Asia/Jakarta (the lender's business day). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'field.invalid' });

/** Administration pages of the back office (issue 25): the staff list and the audit log. */
export const adminAdministrationCalls = {
  listStaff: defineCall('listStaff', {
    summary: 'List staff members',
    description:
      'The staff accounts, newest first unless sorted, filtered by role and state; never any password or second ' +
      'factor data. Needs staff.manage.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['created_at', 'email', 'name', 'role']).extend({
      role: optionalEnum(ROLE_NAMES),
      state: optionalEnum(['active', 'disabled']),
      q: optionalText(z.string().trim().max(100)),
    }),
    response: pageSchema(staffListItemSchema),
  }),
  listAudit: defineCall('listAudit', {
    summary: 'Read the audit log',
    description:
      'Commands run, newest first: who (actor kind and id), what (command, subject), the input, the state before and ' +
      'after, and the reason typed. Filters combine; `from` and `to` are Jakarta days, both included. Reading it ' +
      'changes nothing and needs audit.read.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['created_at']).extend({
      command: optionalText(z.string().trim().max(100)),
      actor_kind: optionalEnum(AUDIT_ACTOR_KINDS),
      actor_id: optionalText(z.string().trim().max(100)),
      subject_type: optionalText(z.string().trim().max(100)),
      subject_id: optionalText(z.string().trim().max(100)),
      from: optionalText(day),
      to: optionalText(day),
    }),
    response: pageSchema(auditEntrySchema),
  }),
};
