import { z } from 'zod';
import { codeSchema } from '../validation/coded-field.ts';
import { instantText } from './formats.ts';
import { defineCall } from './define-call.ts';
import { BILL_STATUS, VERIFY } from './user-states.ts';

// The states live in a zod-free module (first paints read them); the contract keeps naming them here.
export { BILL_STATUS, VERIFY };

/** What each code means, for the API document (spec section 4). */
const VERIFY_MEANINGS = {
  0: 'unaudited: the application was not submitted',
  1: 'auditing: the credit decision is pending',
  2: 'approved',
  3: 'rejected',
};
export const BILL_STATUS_MEANINGS = {
  0: 'none: no loan open (or the last one cancelled)',
  1: 'loaning: the money is on its way',
  2: 'repaying',
  3: 'settled',
  4: 'failed: the disbursement failed',
};
export const LOAN_FAIL_STATUS_MEANINGS = {
  0: 'no failed disbursement, or the bank was not the cause',
  1: 'the bank refused the account (name mismatch, closed): correct it (POST /v1/user/bank_patch)',
};

/** GET /v2/user/status. */
export const userStatusSchema = z.object({
  verify: codeSchema(VERIFY_MEANINGS, 'The application:'),
  loan_status: z.object({
    bill_status: codeSchema(BILL_STATUS_MEANINGS, 'The latest loan, read when verify is 2:'),
  }),
  loan_info: z.object({ loan_fail_status: codeSchema(LOAN_FAIL_STATUS_MEANINGS, 'With bill_status 4:') }),
  af_push_status: z
    .number()
    .int()
    .describe("Kept for the spec's native app (analytics push); always 0 here."),
  af_status: z.number().int().describe("Kept for the spec's native app (analytics); always 0 here."),
  whatsapp_status: codeSchema({ 0: 'not confirmed', 1: 'confirmed' }, 'The WhatsApp check (spec section 4):'),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

/** GET /v1/user/account: the signed-in borrower, for the Me page. */
export const accountSchema = z.object({
  uid: z.string(),
  phone_masked: z.string().describe('Masked local form, e.g. 0812*****7890.'),
  has_password: z.boolean(),
  created_at: instantText,
});
export type Account = z.infer<typeof accountSchema>;

export const userCalls = {
  getUserStatus: defineCall('getUserStatus', {
    tag: 'borrower',
    summary: "The borrower's verification and loan states",
    description:
      'Chooses the home page (spec section 4): `verify` 0 unaudited, 1 auditing, 2 approved, 3 rejected; with verify 2, `loan_status.bill_status` 0 none, 1 loaning, 2 repaying, 3 settled, 4 failed.',
    errors: [],
    response: userStatusSchema,
  }),
  getAccount: defineCall('getAccount', {
    tag: 'borrower',
    summary: 'The signed-in borrower, for the Me page',
    description: 'The masked phone, whether a password is set, and when the account was created.',
    errors: [],
    response: accountSchema,
  }),
};
