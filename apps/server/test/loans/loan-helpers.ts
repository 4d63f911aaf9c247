import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LoanOrderView, LoanPlanView } from '@kaskita/domain/contract/loans';
import { LOAN_AGREEMENT_VERSION } from '../../src/modules/loans/loan-agreement-text.ts';
import type { Db } from '../../src/db/client.ts';
import { disbursements } from '../../src/modules/loans/loan-orders-schema.ts';
import {
  completedBorrower,
  markChecksPassed,
  submit,
  type Borrower,
} from '../application/application-helpers.ts';
import { call } from '../helpers/test-app.ts';

/** The cash loan's 3-month tenor in 3 instalments, and an amount on its step. */
export const ORDER = { pid: 'cash-loan', money: '2000000', period: 'month-3-3', purpose_id: '101' } as const;

/** A borrower through onboarding, both checks and an approved credit decision (the bureau's sandbox, rules). */
export async function approvedBorrower(
  app: FastifyInstance,
  db: Db,
  now: Date,
  options: { cardNum?: string; bank?: string; signUp?: Record<string, string> } = {},
): Promise<Borrower> {
  const b = await completedBorrower(app, options);
  await markChecksPassed(db, b.userId, now);
  expect((await submit(app, b.token)).body.code).toBe(200);
  await app.jobs.whenIdle();
  const limit = await call<{ approved: boolean }>(app, {
    method: 'GET',
    url: '/api/v1/limit_amount',
    token: b.token,
  });
  expect(limit.body.data.approved, 'approved').toBe(true);
  return b;
}

export function order(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  return call<LoanOrderView>(app, {
    method: 'POST',
    url: '/api/v1/order/loan',
    token,
    payload: { ...ORDER, agreement_version: LOAN_AGREEMENT_VERSION, agree: '1', ...fields },
    headers,
  });
}

export function planOf(app: FastifyInstance, token: string, query: Record<string, string>) {
  const qs = new URLSearchParams(query).toString();
  return call<LoanPlanView>(app, { method: 'GET', url: `/api/v1/order/plan_v2?${qs}`, token });
}

export function currentOrder(app: FastifyInstance, token: string) {
  return call<{ order: LoanOrderView | null }>(app, { method: 'GET', url: '/api/v1/order/current', token });
}

export function devDisbursements(app: FastifyInstance) {
  return call<{ list: Array<{ id: string; external_id: string; status: string; amount: number }> }>(app, {
    method: 'GET',
    url: '/api/dev/disbursements',
  });
}

/** The sandbox bank's reference of a loan's try in flight (the job has sent it: our try's id is its external id). */
export async function pendingAtBank(app: FastifyInstance, db: Db, loanId: string): Promise<string> {
  await app.jobs.whenIdle();
  const tries = await db.select().from(disbursements).where(eq(disbursements.loanId, loanId));
  const sent = tries.find((d) => d.status === 'pending');
  expect(sent, `a try of ${loanId} with the bank`).toBeDefined();
  const { body } = await devDisbursements(app);
  const atBank = body.data.list.find((d) => d.external_id === sent!.id);
  expect(atBank?.status).toBe('PENDING');
  return atBank!.id;
}

export function finishAtBank(
  app: FastifyInstance,
  id: string,
  outcome: 'complete' | 'fail',
  reason?: string,
) {
  return call<{ status: string }>(app, {
    method: 'POST',
    url: `/api/dev/disbursements/${id}/${outcome}`,
    payload: reason ? { reason } : {},
  });
}
