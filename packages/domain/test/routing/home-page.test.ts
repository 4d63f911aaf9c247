import { describe, expect, it } from 'vitest';
import { homePageFor, type HomeDecision } from '../../src/routing/home-page.ts';
import type { UserStatus } from '../../src/contract/user.ts';

const status = (verify: number, bill_status = 0, loan_fail_status = 0): UserStatus => ({
  verify,
  loan_status: { bill_status },
  loan_info: { loan_fail_status },
  af_push_status: 0,
  af_status: 0,
  whatsapp_status: 0,
});

// Spec section 4, one row per case.
const table: Array<[string, UserStatus | null, HomeDecision]> = [
  ['not signed in', null, { page: 'unaudited', modal: null, defaultBackground: false }],
  ['verify 0', status(0), { page: 'unaudited', modal: null, defaultBackground: false }],
  ['verify 1', status(1), { page: 'auditing', modal: null, defaultBackground: false }],
  ['verify 3', status(3), { page: 'into-fail', modal: null, defaultBackground: false }],
  ['verify 2, bill 0', status(2, 0), { page: 'loan-product', modal: null, defaultBackground: true }],
  ['verify 2, bill 1', status(2, 1), { page: 'loaning', modal: null, defaultBackground: true }],
  ['verify 2, bill 2', status(2, 2), { page: 'pay-back', modal: 'repay', defaultBackground: false }],
  ['verify 2, bill 3', status(2, 3), { page: 'loan-product', modal: null, defaultBackground: true }],
  [
    'verify 2, bill 4, bank failure',
    status(2, 4, 1),
    { page: 'add-bank', modal: 'loan-failed', defaultBackground: true },
  ],
  [
    'verify 2, bill 4, other failure',
    status(2, 4, 0),
    { page: 'loan-product', modal: 'loan-failed', defaultBackground: true },
  ],
  [
    'verify 2, bill 4, failure 2',
    status(2, 4, 2),
    { page: 'loan-product', modal: 'loan-failed', defaultBackground: true },
  ],
  ['verify 2, unknown bill', status(2, 9), { page: 'status-default', modal: null, defaultBackground: true }],
  [
    'verify 2, negative bill',
    status(2, -1),
    { page: 'status-default', modal: null, defaultBackground: true },
  ],
  ['unknown verify', status(7), { page: 'status-default', modal: null, defaultBackground: true }],
  ['negative verify', status(-1), { page: 'status-default', modal: null, defaultBackground: true }],
];

describe('homePageFor', () => {
  it.each(table)('%s', (_name, input, expected) => {
    expect(homePageFor(input)).toEqual(expected);
  });
});
