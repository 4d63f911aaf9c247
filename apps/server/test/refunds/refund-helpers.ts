import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { RefundsView } from '@kaskita/domain/contract/refunds';
import type { Db } from '../../src/db/client.ts';
import { DEV_DISBURSEMENT_CALLBACK_SECRET } from '../../src/env.ts';
import {
  SIGNATURE_HEADER,
  signSandboxCallback,
  TIMESTAMP_HEADER,
} from '../../src/providers/disbursement/disbursement-callback.ts';
import { sandboxDisbursements } from '../../src/providers/disbursement/sandbox-disbursement-schema.ts';
import { refunds } from '../../src/modules/refunds/refunds-schema.ts';
import { call } from '../helpers/test-app.ts';
import { codeFor, payCode, repayingBorrower } from '../repayments/repayment-helpers.ts';

export const OVERPAID = 182_000;
export const CALLBACK = '/api/payments/disbursement/callback/sandbox';

/** A repaying borrower who settled the whole loan with `extra` more than asked: paid off, the extra held. */
export async function overpaidBorrower(app: FastifyInstance, db: Db, now: Date, extra = OVERPAID) {
  const b = await repayingBorrower(app, db, now);
  const code = await codeFor(app, b, 'settlement');
  await payCode(app, code.code_id, code.amount + extra);
  return b;
}

export function refundsOf(app: FastifyInstance, token: string) {
  return call<RefundsView>(app, { method: 'GET', url: '/api/v1/order/refunds', token });
}

export async function refundOfLoan(db: Db, loanId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.loanId, loanId));
  return row;
}

/** The sandbox bank's rows of a refund (one per try sent), first try first. */
export async function refundAtBank(db: Db, refundId: string) {
  const rows = await db
    .select()
    .from(sandboxDisbursements)
    .where(like(sandboxDisbursements.externalId, `refund-${refundId}-%`));
  // By try number: the test clock gives every try the same time.
  const tryOf = (externalId: string) => Number(externalId.slice(externalId.lastIndexOf('-') + 1));
  return rows.sort((a, b) => tryOf(a.externalId) - tryOf(b.externalId));
}

/** A sandbox callback body signed as the sandbox bank signs it (or with another secret, to forge one). */
export function signedCallback(body: string, now: Date, secret = DEV_DISBURSEMENT_CALLBACK_SECRET) {
  const timestamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signSandboxCallback(secret, timestamp, body),
  };
}

/** Posts a sandbox callback signed at the app's time (its clock decides the five-minute window). */
export async function postCallback(app: FastifyInstance, body: string, secret?: string) {
  const headers = signedCallback(body, app.infra.clock.now(), secret);
  const res = await app.inject({ method: 'POST', url: CALLBACK, headers, payload: body });
  await app.jobs.whenIdle();
  return res;
}

export function expectOk(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A dev page's answer (the envelope): code 200. */
export function expectFinished(res: { body: { code: number } }) {
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
}
