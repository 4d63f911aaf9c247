import { z } from 'zod';
import { loanProductSchema } from '../pricing/product.ts';
import { APPROVAL_STATES } from './admin-approvals.ts';
import { pageQuerySchema, pageSchema } from './admin-paging.ts';
import { defineCall } from './define-call.ts';

/**
 * Products and caps in the back office (issue 25): products with their versions and the state of each, which
 * products each cap row allows, and proposing a new version (maker-checker: `product.publish`, approved by a second
 * member holding product.approve). A proposal is checked against the caps in force on its start day and on every later
 * day a cap row starts or ends while it is valid; one that breaks any is refused (PRODUCT_OVER_CAP) naming the day
 * and the rule. To publish it anyway it must end (`validTo`) before the stricter row starts.
 */

/** scheduled: starts later; offered: offered today; ended: its last day has passed; blocked: invalid or over a cap today. */
export const PRODUCT_VERSION_STATES = ['scheduled', 'offered', 'ended', 'blocked'] as const;

const bilingual = z.object({ 'en-US': z.string(), 'id-ID': z.string() });
const isoDate = z.string();

const violationSchema = z.object({
  code: z.string(),
  rows: z.array(z.string()).describe('The cap rows that set the limit.'),
  message: bilingual,
});

const datedCheckSchema = z.object({ date: isoDate, ok: z.boolean(), violations: z.array(violationSchema) });

const versionSchema = z.object({
  version: z.number().int(),
  source: z
    .enum(['seed', 'published'])
    .describe('seed: the product the code ships (version 0); published: approved in the back office.'),
  state: z.enum(PRODUCT_VERSION_STATES),
  starts_on: isoDate.nullable(),
  ends_on: isoDate.nullable().describe('Its last day (inclusive); null: open-ended.'),
  command_id: z.string().nullable().describe('The audit row of the command that published it.'),
  product: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      'The product definition (packages/domain/src/pricing/product.ts); null when it no longer validates.',
    ),
  cap_checks: z
    .array(datedCheckSchema)
    .describe(
      'Its start day and every later day the caps change while it is valid, with the verdict of each.',
    ),
});

const productRowSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  kind: z.string(),
  purpose: z.string(),
  state: z
    .enum(PRODUCT_VERSION_STATES)
    .describe(
      'The state today of the version whose days include today, else of the next scheduled one, else of the last.',
    ),
  current_version: z.number().int().nullable(),
  next_version: z
    .object({ version: z.number().int(), starts_on: isoDate })
    .nullable()
    .describe('The next version waiting for its start day.'),
  versions: z.number().int(),
  pending_request_id: z.string().nullable().describe('A proposal waiting for approval.'),
});

const capRowSchema = z.object({
  id: z.string(),
  from: isoDate,
  to: isoDate.nullable(),
  purpose: z.string(),
  tenor: z.string(),
  daily_economic_benefit: z.string(),
  daily_late_fee: z.string(),
  total_cost_of_principal: z.string(),
  source: z.string(),
  in_force_today: z.boolean(),
  products: z
    .array(
      z.object({
        product_id: z.string(),
        version: z.number().int(),
        allowed: z.boolean(),
        violations: z.array(violationSchema),
      }),
    )
    .describe(
      "The product versions not yet ended whose days overlap the row's and whose purpose it covers, with its verdict.",
    ),
});

export const adminProductCalls = {
  listAdminProducts: defineCall('listAdminProducts', {
    summary: 'Products and the state of their versions today',
    description:
      'Every product id (seeded or published), its current and next version, and a proposal waiting.',
    tag: 'back-office',
    errors: [],
    query: pageQuerySchema(['product_id']),
    response: pageSchema(productRowSchema),
  }),
  getAdminProduct: defineCall('getAdminProduct', {
    summary: 'One product: every version with its days, state and cap verdicts',
    description:
      'Versions oldest first; version 0 is the seeded product, ended the day before version 1 starts.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.string().trim().min(1).max(64) }),
    response: z.object({ product_id: z.string(), today: isoDate, versions: z.array(versionSchema) }),
  }),
  listProductCaps: defineCall('listProductCaps', {
    summary: 'The regulatory cap table, and which products each row allows',
    description:
      'Each row of the engine’s cap table (packages/domain/src/pricing/regulatory-caps.ts) with its source, and for ' +
      'each product version not yet ended that it concerns, whether the row alone allows it.',
    tag: 'back-office',
    errors: [],
    response: z.object({ today: isoDate, rows: z.array(capRowSchema) }),
  }),
  proposeProduct: defineCall('proposeProduct', {
    summary: 'Propose a product version (maker-checker)',
    description:
      'A whole product definition; `validFrom` is the day it starts (today or later, after the product’s latest ' +
      'version starts), `validTo` an optional last day. Checked against the caps on its start day and every later ' +
      'day a cap row changes while it is valid (PRODUCT_OVER_CAP with data.cap_violations). When a second member ' +
      'holding product.approve approves, it is published: offered from its start day, and the version before it ' +
      'ends the day before.',
    tag: 'back-office',
    errors: ['PRODUCT_OVER_CAP', 'PRODUCT_START_INVALID', 'APPROVAL_PENDING_EXISTS'],
    body: z.object({ product: loanProductSchema, reason: z.string().trim().min(1).max(500) }),
    response: z.object({ request_id: z.string(), state: z.enum(APPROVAL_STATES) }),
  }),
};
