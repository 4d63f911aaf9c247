import { z } from 'zod';
import { rupiahSchema } from '../money/rupiah-schema.ts';
import { PAYMENT_CLAIM_STATUSES } from '../payments/payment-claims.ts';
import { REFUND_STATES } from './refunds.ts';
import { optionalEnum, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { defineCall } from './define-call.ts';

/**
 * The back office's maker-checker, payments to resolve and the staff money commands (issue 25): a change that needs a
 * second person is asked for (an approval request: who asked, why, what will change), and runs only when another
 * staff member holding the command's permission approves it. Nobody approves their own request.
 */

export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Why, in the staff member's words: kept in the audit log (and, for a rejected claim, shown to the borrower). */
const reasonSchema = z.string().trim().min(1).max(500);
const reasonBody = z.object({ reason: reasonSchema });
const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const money = rupiahSchema;

const approvalSchema = z.object({
  id: z.string(),
  command: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  state: z.enum(APPROVAL_STATES),
  requested_by: z.object({ id: z.string(), name: z.string() }).describe('Who asked and why.'),
  requested_at: z.string(),
  reason: z.string(),
  preview: z
    .record(z.string(), z.unknown())
    .describe('What will change, as the requester was shown it: ids, amounts and states.'),
  input: z.record(z.string(), z.unknown()).describe("The command's input: ids, amounts and dates."),
  decided_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  can_decide: z
    .boolean()
    .describe(
      'The signed-in member may approve or reject it: pending, asked by someone else, and their role holds the permission.',
    ),
});
export type ApprovalView = z.infer<typeof approvalSchema>;

const reviewPaymentSchema = z.object({
  payment_id: z.string(),
  amount: money,
  paid_at: z.string(),
  channel_id: z.string().nullable(),
  review_reason: z.string().nullable().describe('unknown_code | expired_code | code_used | loan_closed'),
  order_id: z
    .string()
    .nullable()
    .describe('The loan and borrower its code belonged to; null for an unknown code.'),
  user_id: z.string().nullable(),
  received_at: z.string(),
  deadline: z
    .string()
    .describe('The last Jakarta day of the three-working-day promise, and whether it has passed.'),
  overdue: z.boolean(),
  pending_request_id: z
    .string()
    .nullable()
    .describe('The approval request applying it, when one is pending.'),
});

const claimRowSchema = z.object({
  claim_id: z.string(),
  case_number: z.string(),
  status: z.enum(PAYMENT_CLAIM_STATUSES),
  user_id: z.string(),
  order_id: z.string().nullable(),
  channel_id: z.string(),
  amount: money,
  paid_at: z.string(),
  reference: z.string().nullable(),
  has_proof: z.boolean(),
  payment_id: z.string().nullable().describe('The payment found for it (a review payment when `matched`).'),
  filed_at: z.string(),
  deadline: z.string(),
  overdue: z.boolean(),
});

const refundRowSchema = z.object({
  id: z.string(),
  order_id: z
    .string()
    .nullable()
    .describe('The loan whose held credit it pays back, or null for a returned payment (`payment_id`).'),
  payment_id: z
    .string()
    .nullable()
    .describe("The payment held for review that it returns to its payer, or null for a loan's credit."),
  user_id: z.string(),
  amount: money,
  state: z.enum(REFUND_STATES),
  attempts: z.number().int(),
  failure: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const claimPaymentSchema = z.object({
  payment_id: z.string(),
  order_id: z.string().nullable(),
  amount: money,
  paid_at: z.string(),
  channel_id: z.string().nullable(),
  likely: z
    .boolean()
    .describe('Same amount and channel as claimed, paid within three days of the time claimed.'),
  answers_claim: z
    .string()
    .nullable()
    .describe('The case number of a claim this payment already answers, or null.'),
});

const requestedSchema = z.object({ request_id: z.string(), state: z.enum(APPROVAL_STATES) });

export const adminApprovalCalls = {
  listApprovals: defineCall('listApprovals', {
    summary: 'Approval requests: waiting for me, or mine',
    description:
      '`scope=waiting` (default): pending requests of others that the signed-in member may approve (their role ' +
      'holds the command’s permission), oldest first. `scope=mine`: the member’s own requests, newest first, in ' +
      'every state. `order` turns either around.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['requested_at']).extend({ scope: optionalEnum(['waiting', 'mine']) }),
    response: pageSchema(approvalSchema),
  }),
  getApproval: defineCall('getApproval', {
    summary: 'One approval request',
    description:
      'Who asked, why, what will change, and the decision. Visible to its requester and to those who may decide it.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: approvalSchema,
  }),
  approveApproval: defineCall('approveApproval', {
    summary: 'Approve a request: its command runs now, as the approver',
    description:
      'The command runs in the same transaction as the decision (both audit rows commit together, or neither). ' +
      'Refused to the requester (STAFF_OWN_REQUEST), to a member whose role lacks the command’s permission ' +
      '(FORBIDDEN), and for a request no longer pending (APPROVAL_NOT_PENDING). A command that fails (the loan ' +
      'changed meanwhile) leaves the request pending.',
    tag: 'back-office',
    errors: [
      'NOT_FOUND',
      'FORBIDDEN',
      'STAFF_OWN_REQUEST',
      'APPROVAL_NOT_PENDING',
      'CONFLICT',
      'NO_REPAYING_LOAN',
      // products and caps (h/products): a product version re-checked on approval
      'PRODUCT_OVER_CAP',
      'PRODUCT_START_INVALID',
    ],
    params: idParams,
    body: reasonBody,
    response: z.object({ id: z.string(), state: z.enum(APPROVAL_STATES) }),
  }),
  rejectApproval: defineCall('rejectApproval', {
    summary: 'Reject a request: nothing runs',
    description:
      'Same permission rules as approving; the requester cannot reject their own (they withdraw it).',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'FORBIDDEN', 'STAFF_OWN_REQUEST', 'APPROVAL_NOT_PENDING'],
    params: idParams,
    body: reasonBody,
    response: z.object({ id: z.string(), state: z.enum(APPROVAL_STATES) }),
  }),
  withdrawApproval: defineCall('withdrawApproval', {
    summary: 'Withdraw my own pending request',
    description: 'Only its requester; nothing runs.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'FORBIDDEN', 'APPROVAL_NOT_PENDING'],
    params: idParams,
    body: reasonBody,
    response: z.object({ id: z.string(), state: z.enum(APPROVAL_STATES) }),
  }),
  listReviewPayments: defineCall('listReviewPayments', {
    summary: 'Payments to resolve: received but not applied',
    description:
      'Payments the gateway reported that could not be applied (an unknown, expired or used code, a closed loan), ' +
      'earliest deadline first (`order=desc` turns it around): the three-working-day promise counted from when the ' +
      'payment arrived.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['deadline']),
    response: pageSchema(reviewPaymentSchema),
  }),
  listOpenClaims: defineCall('listOpenClaims', {
    summary: 'Payment claims waiting for an answer',
    description:
      '"Paid but not credited?" claims `open` or `matched`, earliest promised answer first (`order=desc` turns it ' +
      'around).',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['deadline']),
    response: pageSchema(claimRowSchema),
  }),
  requestPaymentApply: defineCall('requestPaymentApply', {
    summary: 'Ask to apply a review payment onto a loan (maker-checker)',
    description:
      'Creates an approval request; when a second member with payment.resolve approves it, the payment is applied ' +
      'onto the loan exactly as a gateway payment (bills, ledger, receipt SMS), once.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT', 'NO_REPAYING_LOAN', 'APPROVAL_PENDING_EXISTS'],
    params: idParams,
    body: reasonBody.extend({ order_id: z.string().trim().min(1).max(64) }),
    response: requestedSchema,
  }),
  requestPaymentReturn: defineCall('requestPaymentReturn', {
    summary: 'Ask to return a review payment to its payer (maker-checker)',
    description:
      'For a payment that belongs on no loan (paid after the loan closed, twice, or too late): once a second member ' +
      'with payment.resolve approves, it is paid back to the borrower’s verified default bank account as a refund ' +
      '(listed with the refunds, retried and followed like them) and the borrower gets an SMS when it arrives. ' +
      'Refused for a payment whose code named nobody (4343) or a borrower without a bank account (4344).',
    tag: 'back-office',
    errors: [
      'NOT_FOUND',
      'CONFLICT',
      'PAYMENT_PAYER_UNKNOWN',
      'PAYMENT_RETURN_NO_ACCOUNT',
      'APPROVAL_PENDING_EXISTS',
    ],
    params: idParams,
    body: reasonBody,
    response: requestedSchema,
  }),
  listClaimPayments: defineCall('listClaimPayments', {
    summary: "The claimant's applied payments, to answer a claim with",
    description:
      'The applied payments of the borrower who filed the claim, newest first (at most 20), each marked `likely` when ' +
      'its amount and channel are the claim’s and it was paid within three days of the time claimed; ' +
      '`answers_claim` names a claim it already answers (a payment answers one claim).',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: idParams,
    response: z.object({ items: z.array(claimPaymentSchema) }),
  }),
  creditClaim: defineCall('creditClaim', {
    summary: 'Answer a claim: credited, by this applied payment',
    description:
      'Links the claim to the applied payment that proves it; the borrower sees it credited with the receipt, and ' +
      'an SMS says so. A payment still waiting for review is applied first (requestPaymentApply).',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: idParams,
    body: reasonBody.extend({ payment_id: z.string().trim().min(1).max(64) }),
    response: z.object({ claim_id: z.string(), status: z.enum(PAYMENT_CLAIM_STATUSES) }),
  }),
  rejectClaim: defineCall('rejectClaim', {
    summary: 'Answer a claim: rejected, with the reason the borrower reads',
    description: 'The reason is shown to the borrower in the app (their claim’s `answer`) and sent by SMS.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: idParams,
    body: reasonBody,
    response: z.object({ claim_id: z.string(), status: z.enum(PAYMENT_CLAIM_STATUSES) }),
  }),
  requestLateFeeWaiver: defineCall('requestLateFeeWaiver', {
    summary: 'Ask to waive late fees on a loan (maker-checker)',
    description:
      'Every accrued late fee, or `amount` rupiah of them oldest bill first, once a second member with ' +
      'loans.waive_late_fees approves.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'NO_REPAYING_LOAN', 'APPROVAL_PENDING_EXISTS'],
    params: idParams,
    body: reasonBody.extend({ amount: z.coerce.number().int().positive().max(1_000_000_000).optional() }),
    response: requestedSchema,
  }),
  requestWriteOff: defineCall('requestWriteOff', {
    summary: 'Ask to write off an overdue loan (maker-checker)',
    description: 'Runs once a second member with loans.write_off approves.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'NO_REPAYING_LOAN', 'CONFLICT', 'APPROVAL_PENDING_EXISTS'],
    params: idParams,
    body: reasonBody,
    response: requestedSchema,
  }),
  listStaffRefunds: defineCall('listStaffRefunds', {
    summary: 'Refunds waiting for approval or failed',
    description:
      '`state=awaiting_approval` (default) or `failed`, oldest first (`order=desc` turns it around).',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['created_at']).extend({ state: optionalEnum(['awaiting_approval', 'failed']) }),
    response: pageSchema(refundRowSchema),
  }),
  requestRefundApproval: defineCall('requestRefundApproval', {
    summary: 'Ask to pay a refund above the automatic amount (maker-checker)',
    description: 'The refund is sent once a second member with refunds.approve approves.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT', 'APPROVAL_PENDING_EXISTS'],
    params: idParams,
    body: reasonBody,
    response: requestedSchema,
  }),
  retryRefund: defineCall('retryRefund', {
    summary: 'Send a failed refund again',
    description: 'A new try (a new external id) to the borrower’s default account at the time of the first.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: idParams,
    body: reasonBody,
    response: z.object({ id: z.string(), state: z.enum(REFUND_STATES) }),
  }),
  cancelRefund: defineCall('cancelRefund', {
    summary: 'Cancel a failed refund',
    description:
      'The refund ends `cancelled`; the credit stays held on the loan (the borrower still sees it) for staff to ' +
      'pay by other means.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: idParams,
    body: reasonBody,
    response: z.object({ id: z.string(), state: z.enum(REFUND_STATES) }),
  }),
};
