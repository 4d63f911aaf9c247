import { and, eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Envelope } from '@kaskita/domain/contract/envelope';
import {
  defineCallbackEndpoint,
  type CallbackEndpoint,
  type CallbackOutcome,
} from '../../src/callbacks/callback-endpoint.ts';
import {
  hmac,
  midtransSignature,
  midtransVerifier,
  signedTimestampVerifier,
  tokenVerifier,
} from '../../src/callbacks/callback-verifiers.ts';
import { MonotonicStatus } from '../../src/callbacks/monotonic-status.ts';
import type { Tx } from '../../src/db/client.ts';

/**
 * A fake payment provider for the callback tests, with three ways of authenticating like the real ones:
 * - `fake-snap`: HMAC-SHA-512 (hex) of `timestamp.body` in X-SIGNATURE with X-TIMESTAMP (SNAP BI style);
 * - `fake-xendit`: a shared X-CALLBACK-TOKEN, answered with a body of its own;
 * - `fake-midtrans`: `signature_key = SHA512(order_id + status_code + gross_amount + server_key)` in the body.
 * Its business table, `fake_payments`, is created by the test with SQL: it is not part of the app's schema.
 */

export const FAKE_SNAP_SECRET = 'fake-snap-secret-4f1c9a7e2b';
export const FAKE_XENDIT_TOKEN = 'fake-xendit-token-93d0c1a5e8';
export const FAKE_MIDTRANS_SERVER_KEY = 'SB-Mid-server-fake-7c2e5d9b10';

export const CREATE_FAKE_PAYMENTS = sql`
  create table fake_payments (
    id text primary key,
    status text not null,
    amount integer not null,
    credited integer not null default 0
  )`;

export const fakePayments = pgTable('fake_payments', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  amount: integer('amount').notNull(),
  /** Rupiah received so far: a double-applied callback would show here as money counted twice. */
  credited: integer('credited').notNull(),
});

export const paymentStatus = new MonotonicStatus(['PENDING', ['PAID', 'FAILED', 'EXPIRED']] as const);
type PaymentStatus = (typeof paymentStatus.statuses)[number];
const statusSchema = z.enum(paymentStatus.statuses as [PaymentStatus, ...PaymentStatus[]]);

/** What the fake provider can tell us; `payment.received` adds money, so only the inbox keeps it from counting twice. */
type FakeChange =
  | { kind: 'received'; paymentId: string; amount: number }
  | { kind: 'status'; paymentId: string; status: PaymentStatus };

const snapBody = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1),
    type: z.literal('payment.received'),
    payment_id: z.string().min(1),
    amount: z.number().int().positive(),
    payer_name: z.string().optional(),
    occurred_at: z.iso.datetime({ offset: true }),
  }),
  z.object({
    id: z.string().min(1),
    type: z.literal('payment.status'),
    payment_id: z.string().min(1),
    status: statusSchema,
    occurred_at: z.iso.datetime({ offset: true }),
  }),
]);
export type SnapBody = z.input<typeof snapBody>;

export class FakeProvider {
  /** The next n handler runs throw after writing their business change (to prove the rollback). */
  failuresLeft = 0;
  /** Slows each handler run down, so concurrent copies overlap inside their transactions. */
  handlerDelayMs = 0;
  /** Handler runs, whether they committed or not. */
  handlerRuns = 0;

  readonly endpoints: CallbackEndpoint[] = [
    defineCallbackEndpoint({
      provider: 'fake-snap',
      summary: 'A SNAP-style signed payment notification',
      description: 'The fake provider of the callback tests.',
      path: '/payments',
      verify: signedTimestampVerifier({
        signatureHeader: 'x-signature',
        timestampHeader: 'x-timestamp',
        secret: FAKE_SNAP_SECRET,
        algorithm: 'sha512',
        encoding: 'hex',
        signedText: ({ timestamp, rawBody }) => `${timestamp}.${rawBody.toString('utf8')}`,
      }),
      body: snapBody,
      toEvent: (body) => ({
        eventId: body.id,
        type: body.type,
        occurredAt: new Date(body.occurred_at),
        payload:
          body.type === 'payment.received'
            ? ({ kind: 'received', paymentId: body.payment_id, amount: body.amount } as FakeChange)
            : ({ kind: 'status', paymentId: body.payment_id, status: body.status } as FakeChange),
      }),
      handle: (tx, event) => this.apply(tx, event.payload),
    }),
    defineCallbackEndpoint({
      provider: 'fake-xendit',
      summary: 'A token-verified payment status',
      description: 'The fake provider of the callback tests.',
      path: '/payments',
      verify: tokenVerifier({ header: 'x-callback-token', token: FAKE_XENDIT_TOKEN }),
      body: z.object({ id: z.string().min(1), external_id: z.string().min(1), status: statusSchema }),
      toEvent: (body) => ({
        eventId: body.id,
        type: 'payment.status',
        payload: { kind: 'status', paymentId: body.external_id, status: body.status } as FakeChange,
      }),
      handle: (tx, event) => this.apply(tx, event.payload),
      // A provider that wants an answer body of its own (as SNAP BI does) instead of our envelope.
      acknowledge: {
        schema: z.object({ responseCode: z.string(), responseMessage: z.string(), outcome: z.string() }),
        body: (ack) => ({ responseCode: '2002500', responseMessage: 'Successful', outcome: ack.outcome }),
      },
    }),
    defineCallbackEndpoint({
      provider: 'fake-midtrans',
      summary: 'A Midtrans-style notification',
      description: 'The fake provider of the callback tests.',
      path: '/notifications',
      verify: midtransVerifier({ serverKey: FAKE_MIDTRANS_SERVER_KEY }),
      body: z.object({
        transaction_id: z.string().min(1),
        order_id: z.string().min(1),
        transaction_status: z.enum(['pending', 'settlement', 'expire']),
      }),
      // Midtrans notifies one transaction several times as its status moves: the id alone is not the event.
      toEvent: (body) => ({
        eventId: `${body.transaction_id}:${body.transaction_status}`,
        type: 'payment.status',
        payload: {
          kind: 'status',
          paymentId: body.order_id,
          status: ({ pending: 'PENDING', settlement: 'PAID', expire: 'EXPIRED' } as const)[
            body.transaction_status
          ],
        } as FakeChange,
      }),
      handle: (tx, event) => this.apply(tx, event.payload),
    }),
  ];

  private async apply(tx: Tx, change: FakeChange): Promise<CallbackOutcome> {
    this.handlerRuns += 1;
    if (this.handlerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.handlerDelayMs));
    let changed: number;
    if (change.kind === 'received') {
      const rows = await tx
        .update(fakePayments)
        .set({ credited: sql`${fakePayments.credited} + ${change.amount}` })
        .where(eq(fakePayments.id, change.paymentId))
        .returning({ id: fakePayments.id });
      changed = rows.length;
    } else {
      // Check and write in one statement: only a row in an earlier stage moves (PENDING after PAID is ignored).
      const rows = await tx
        .update(fakePayments)
        .set({ status: change.status })
        .where(
          and(
            eq(fakePayments.id, change.paymentId),
            inArray(fakePayments.status, paymentStatus.predecessorsOf(change.status)),
          ),
        )
        .returning({ id: fakePayments.id });
      changed = rows.length;
    }
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('fake handler failure after its write');
    }
    return changed === 1 ? 'applied' : 'ignored';
  }
}

export interface SentCallback {
  status: number;
  body: Envelope<{ event_id: string; outcome: string } | null>;
}

async function post(
  app: FastifyInstance,
  url: string,
  payload: string,
  headers: Record<string, string>,
): Promise<SentCallback> {
  // No H5 headers (os, lan ...): providers do not send them.
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Headers of a fake-snap callback signed at `timestamp` (or with another secret, to forge one). */
export function snapHeaders(rawBody: string, timestamp: string, secret = FAKE_SNAP_SECRET) {
  return {
    'x-timestamp': timestamp,
    'x-signature': hmac('sha512', secret, `${timestamp}.${rawBody}`, 'hex'),
  };
}

export function sendSnap(
  app: FastifyInstance,
  rawBody: string,
  options: { timestamp: string; secret?: string; headers?: Record<string, string> },
): Promise<SentCallback> {
  const headers = options.headers ?? snapHeaders(rawBody, options.timestamp, options.secret);
  return post(app, '/api/callbacks/fake-snap/payments', rawBody, headers);
}

export function sendXendit(app: FastifyInstance, rawBody: string, token: string | undefined) {
  return post(
    app,
    '/api/callbacks/fake-xendit/payments',
    rawBody,
    token ? { 'x-callback-token': token } : {},
  );
}

/** A Midtrans-style notification body, signed with `serverKey`. */
export function midtransBody(
  fields: { transaction_id: string; order_id: string; transaction_status: string; gross_amount: string },
  serverKey = FAKE_MIDTRANS_SERVER_KEY,
): string {
  const status_code = fields.transaction_status === 'pending' ? '201' : '200';
  const signature_key = midtransSignature({
    orderId: fields.order_id,
    statusCode: status_code,
    grossAmount: fields.gross_amount,
    serverKey,
  });
  return JSON.stringify({ ...fields, status_code, signature_key });
}

export function sendMidtrans(app: FastifyInstance, rawBody: string) {
  return post(app, '/api/callbacks/fake-midtrans/notifications', rawBody, {});
}
