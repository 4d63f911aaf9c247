import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { jobType } from '../../jobs/job-type.ts';
import {
  SIGNATURE_HEADER,
  signSandboxCallback,
  TIMESTAMP_HEADER,
  type DisbursementCallback,
} from './disbursement-callback.ts';
import type {
  DisbursementAccepted,
  DisbursementProvider,
  DisbursementRequest,
} from './disbursement-provider.ts';
import { sandboxDisbursements, type SandboxDisbursementRow } from './sandbox-disbursement-schema.ts';

/** Where our app receives the sandbox bank's callbacks (below /api). */
export const SANDBOX_DISBURSEMENT_CALLBACK_PATH = '/api/payments/disbursement/callback/sandbox';

/**
 * The sandbox bank answers by the account number's last three digits (documented in the README). These accounts pass
 * the onboarding's account inquiry and fail only when money is sent, as a real bank's name check at transfer can.
 */
export const SANDBOX_DISBURSEMENT_FAILURES: Readonly<Record<string, string>> = {
  '222': 'ACCOUNT_NAME_MISMATCH',
  '333': 'ACCOUNT_CLOSED',
  '444': 'BANK_TIMEOUT',
};

export type SandboxFailure = 'ACCOUNT_NAME_MISMATCH' | 'ACCOUNT_CLOSED' | 'BANK_TIMEOUT';

/** A provider's retries of one callback: seconds apart, doubling, like Xendit's. */
export const SANDBOX_DISBURSEMENT_CALLBACK = jobType({
  name: 'sandbox.disbursement.callback',
  payload: z.object({ reference: z.string() }),
  retry: { limit: 8, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
});

/** How a callback reaches the app: an HTTP POST (or Fastify's inject, the same layers without a socket). */
export type CallbackSender = (request: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ statusCode: number }>;

export interface SandboxDisbursementOptions {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  send: CallbackSender;
  secret: string;
  /** Seconds before the callback; null: only when finished by hand. */
  delaySeconds: number | null;
}

export class SandboxDisbursementError extends Error {
  override readonly name = 'SandboxDisbursementError';
}

/**
 * A disbursement provider that behaves like Xendit or Flip without a bank: it accepts a request as PENDING with its own
 * reference (a repeated external id answers the first one), then calls our callback, signed, after a delay or when the
 * dev page finishes it, and retries the callback until it is answered 2xx. Outside production only.
 */
export class SandboxDisbursementProvider implements DisbursementProvider {
  readonly kind = 'disbursement';
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(private readonly options: SandboxDisbursementOptions) {
    options.jobs.register(SANDBOX_DISBURSEMENT_CALLBACK, ({ reference }) => this.deliver(reference));
  }

  async disburse(request: DisbursementRequest): Promise<DisbursementAccepted> {
    const { db, clock, jobs, delaySeconds } = this.options;
    const now = clock.now();
    const reference = `sbx-disb-${randomUUID()}`;
    await db
      .insert(sandboxDisbursements)
      .values({
        reference,
        externalId: request.externalId,
        amount: request.amount,
        bankCode: request.bankCode,
        accountLastDigits: request.accountNumber.slice(-4),
        status: 'PENDING',
        plannedFailure: SANDBOX_DISBURSEMENT_FAILURES[request.accountNumber.slice(-3)] ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(sandboxDisbursements)
      .where(eq(sandboxDisbursements.externalId, request.externalId));
    if (!row) throw new SandboxDisbursementError('sandbox disbursement not stored');
    if (row.reference === reference && delaySeconds !== null) {
      await jobs.send(SANDBOX_DISBURSEMENT_CALLBACK, { reference }, { key: reference, delaySeconds });
      jobs.wake(SANDBOX_DISBURSEMENT_CALLBACK);
    }
    return { externalId: row.externalId, providerReference: row.reference, status: 'PENDING' };
  }

  /** Newest first, for the dev page. */
  list(limit = 50): Promise<SandboxDisbursementRow[]> {
    return this.options.db
      .select()
      .from(sandboxDisbursements)
      .orderBy(desc(sandboxDisbursements.createdAt))
      .limit(limit);
  }

  find(reference: string): Promise<SandboxDisbursementRow | undefined> {
    return this.options.db
      .select()
      .from(sandboxDisbursements)
      .where(eq(sandboxDisbursements.reference, reference))
      .then((rows) => rows[0]);
  }

  /**
   * The dev page: the bank finishes a pending disbursement as told (COMPLETED, or FAILED with a reason) and calls back
   * now. Undefined when unknown; a finished one keeps its outcome (its callback is sent again).
   */
  async finish(
    reference: string,
    outcome: { status: 'COMPLETED' } | { status: 'FAILED'; failureCode: SandboxFailure },
  ): Promise<SandboxDisbursementRow | undefined> {
    const row = await this.find(reference);
    if (!row) return undefined;
    await this.settle(row, outcome.status === 'FAILED' ? outcome.failureCode : null);
    await this.deliver(reference);
    return this.find(reference);
  }

  /** The callback job: settles a pending one as planned, then posts its callback; a non-2xx answer throws (retry). */
  async deliver(reference: string): Promise<void> {
    const row = await this.find(reference);
    if (!row) return;
    const settled = row.status === 'PENDING' ? await this.settle(row, row.plannedFailure) : row;
    const body = settled.callbackBody;
    if (!body) throw new SandboxDisbursementError('settled disbursement without a callback body');
    const timestamp = this.options.clock
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    const answer = await this.options.send({
      path: SANDBOX_DISBURSEMENT_CALLBACK_PATH,
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signSandboxCallback(this.options.secret, timestamp, body),
      },
      body,
    });
    if (answer.statusCode < 200 || answer.statusCode >= 300)
      throw new SandboxDisbursementError(
        `callback answered ${answer.statusCode} ${JSON.stringify((answer as { body?: unknown }).body ?? '')}`,
      );
    await this.options.db
      .update(sandboxDisbursements)
      .set({ callbackAt: this.options.clock.now() })
      .where(eq(sandboxDisbursements.reference, reference));
  }

  /** Fixes the outcome once (only from PENDING) with the callback body every delivery will send. */
  private async settle(row: SandboxDisbursementRow, failure: string | null): Promise<SandboxDisbursementRow> {
    const now = this.options.clock.now();
    const status = failure ? 'FAILED' : 'COMPLETED';
    const callback: DisbursementCallback = {
      id: row.reference,
      external_id: row.externalId,
      amount: row.amount,
      bank_code: row.bankCode,
      status,
      failure_code: failure,
      updated: now.toISOString(),
    };
    await this.options.db
      .update(sandboxDisbursements)
      .set({ status, failureCode: failure, callbackBody: JSON.stringify(callback), updatedAt: now })
      .where(
        and(eq(sandboxDisbursements.reference, row.reference), eq(sandboxDisbursements.status, 'PENDING')),
      );
    const settled = await this.find(row.reference);
    if (!settled) throw new SandboxDisbursementError('sandbox disbursement vanished');
    return settled;
  }
}
