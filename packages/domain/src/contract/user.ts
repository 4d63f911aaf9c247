import { z } from 'zod';
import { defineCall } from './define-call.ts';

/** spec section 3/4: verify 0 unaudited, 1 auditing, 2 approved, 3 rejected. */
export const VERIFY = { UNAUDITED: 0, AUDITING: 1, APPROVED: 2, REJECTED: 3 } as const;
/** spec section 4: bill_status when verify is 2. */
export const BILL_STATUS = { NONE: 0, LOANING: 1, REPAYING: 2, SETTLED: 3, FAILED: 4 } as const;

/** GET /v2/user/status. */
export const userStatusSchema = z.object({
  verify: z.number().int(),
  loan_status: z.object({ bill_status: z.number().int() }),
  loan_info: z.object({ loan_fail_status: z.number().int() }),
  af_push_status: z.number().int(),
  af_status: z.number().int(),
  whatsapp_status: z
    .number()
    .int()
    .describe('The WhatsApp check (spec section 4): 0 not confirmed, 1 confirmed.'),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

/** GET /v1/user/account: the signed-in borrower, for the Me page. */
export const accountSchema = z.object({
  uid: z.string(),
  phone_masked: z.string().describe('Masked local form, e.g. 0812*****7890.'),
  has_password: z.boolean(),
  created_at: z.string(),
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
