import { randomInt, randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rupiah, ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { CallbackSender } from '../disbursement/sandbox-disbursement-provider.ts';
import {
  jakartaWallTime,
  midtransSignature,
  XENDIT_TOKEN_HEADER,
  type MidtransNotification,
  type XenditPayment,
  type XenditQrPayment,
} from './payment-callbacks.ts';
import { dynamicQris } from './qris-payload.ts';
import type {
  PaymentGatewayProvider,
  QrCode,
  QrCodeRequest,
  StorePaymentCode,
  StorePaymentCodeRequest,
  VirtualAccount,
  VirtualAccountRequest,
} from './payment-gateway-provider.ts';
import {
  sandboxPaymentCodes,
  sandboxPayments,
  type SandboxPaymentCodeRow,
} from './sandbox-payment-gateway-schema.ts';

/**
 * Where the sandbox posts payments, by dialect (below /api/payments, see repayments' callback endpoints). Xendit sends
 * QR payments to a URL of their own; Midtrans sends every payment to one.
 */
export const SANDBOX_PAYMENT_CALLBACK_PATHS = {
  xendit: '/api/payments/callback/sandbox',
  midtrans: '/api/payments/callback/sandbox-midtrans',
} as const;
export const SANDBOX_QR_CALLBACK_PATH = '/api/payments/callback/sandbox-qr';
export type SandboxPaymentStyle = keyof typeof SANDBOX_PAYMENT_CALLBACK_PATHS;

/** A gateway's retries of one payment callback: seconds apart, doubling, for about a day like Xendit's. */
export const SANDBOX_PAYMENT_CALLBACK = jobType({
  name: 'sandbox.payment.callback',
  payload: z.object({ paymentId: z.string() }),
  retry: { limit: 12, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
});

/** Virtual account prefixes in the style of each bank's (fake: the sandbox's numbers reach no bank). */
const VA_PREFIX: Record<string, string> = {
  BCA: '39108',
  BNI: '8808',
  BRI: '26215',
  MANDIRI: '8950',
  PERMATA: '8214',
  CIMB: '5919',
  BSI: '9347',
};
/** Mandiri bill payment's biller code for the sandbox merchant. */
const MANDIRI_BILLER_CODE = '70014';
/** The sandbox merchant's QRIS national merchant id (NMID), in the format Bank Indonesia issues. */
const SANDBOX_NMID = 'ID1026000000001';

export interface SandboxPaymentGatewayOptions {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  send: CallbackSender;
  style: SandboxPaymentStyle;
  /** Xendit style: the X-CALLBACK-TOKEN. */
  callbackToken: string;
  /** Midtrans style: the server key in the signature. */
  serverKey: string;
}

export class SandboxPaymentError extends Error {
  override readonly name = 'SandboxPaymentError';
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/**
 * A payment gateway that behaves like Xendit or Midtrans without money: it issues virtual accounts, store codes and
 * QRIS codes (a repeated external id answers the first), and when the dev page or a test pays one, it calls our callback in the
 * configured dialect, authenticated as that gateway does, retried until answered 2xx. Outside production only.
 */
export class SandboxPaymentGateway implements PaymentGatewayProvider {
  readonly kind = 'payment-gateway';
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(private readonly options: SandboxPaymentGatewayOptions) {
    options.jobs.register(SANDBOX_PAYMENT_CALLBACK, ({ paymentId }) => this.deliver(paymentId));
  }

  async createVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount> {
    const mandiri = request.bank === 'MANDIRI';
    const row = await this.issue({
      externalId: request.externalId,
      kind: 'va',
      channel: request.bank,
      number: `${VA_PREFIX[request.bank] ?? '9999'}${digits(mandiri ? 8 : 11)}`,
      billerCode: mandiri ? MANDIRI_BILLER_CODE : null,
      amount: request.amount,
      expiresAt: request.expiresAt,
    });
    return {
      externalId: row.externalId,
      bank: request.bank,
      accountNumber: row.number,
      billerCode: row.billerCode,
      amount: row.amount,
      expiresAt: row.expiresAt,
    };
  }

  async createStorePaymentCode(request: StorePaymentCodeRequest): Promise<StorePaymentCode> {
    const row = await this.issue({
      externalId: request.externalId,
      kind: 'store',
      channel: request.outlet,
      number: `KASKITA${digits(8)}`,
      billerCode: null,
      amount: request.amount,
      expiresAt: request.expiresAt,
    });
    return {
      externalId: row.externalId,
      outlet: request.outlet,
      paymentCode: row.number,
      amount: row.amount,
      expiresAt: row.expiresAt,
    };
  }

  async createQrCode(request: QrCodeRequest): Promise<QrCode> {
    const row = await this.issue({
      externalId: request.externalId,
      kind: 'qr',
      channel: 'QRIS',
      number: dynamicQris({ amount: request.amount, reference: request.externalId, nmid: SANDBOX_NMID }),
      billerCode: null,
      amount: request.amount,
      expiresAt: request.expiresAt,
    });
    return { externalId: row.externalId, qrString: row.number, amount: row.amount, expiresAt: row.expiresAt };
  }

  /**
   * Pays into a code as a borrower would: any amount (a real VA of ours takes the exact one, but a store or a
   * misconfigured bank may not), even after expiry, so every case of the callback can be shown. The callback follows.
   */
  async simulatePayment(payment: { externalId: string; amount: Rupiah }): Promise<void> {
    const code = await this.byExternalId(payment.externalId);
    if (!code) throw new SandboxPaymentError('unknown payment code');
    const paymentId = `sbx-pay-${randomUUID()}`;
    const paidAt = this.options.clock.now();
    await this.options.db.insert(sandboxPayments).values({
      paymentId,
      reference: code.reference,
      amount: payment.amount,
      paidAt,
      callbackBody: this.callbackBody(code, paymentId, payment.amount, paidAt),
      createdAt: paidAt,
    });
    await this.options.jobs.send(SANDBOX_PAYMENT_CALLBACK, { paymentId }, { key: paymentId });
    this.options.jobs.wake(SANDBOX_PAYMENT_CALLBACK);
  }

  /** Newest first, with what was paid into each, for the dev page. */
  async list(limit = 50): Promise<Array<SandboxPaymentCodeRow & { paidAmount: Rupiah }>> {
    const { db } = this.options;
    const codes = await db
      .select()
      .from(sandboxPaymentCodes)
      .orderBy(desc(sandboxPaymentCodes.createdAt))
      .limit(limit);
    const paid = await db
      .select({ reference: sandboxPayments.reference, total: sql<string>`sum(${sandboxPayments.amount})` })
      .from(sandboxPayments)
      .groupBy(sandboxPayments.reference);
    const byReference = new Map(paid.map((p) => [p.reference, rupiah(Number(p.total), 'paid')]));
    return codes.map((c) => ({ ...c, paidAmount: byReference.get(c.reference) ?? ZERO_RUPIAH }));
  }

  byExternalId(externalId: string): Promise<SandboxPaymentCodeRow | undefined> {
    return this.options.db
      .select()
      .from(sandboxPaymentCodes)
      .where(eq(sandboxPaymentCodes.externalId, externalId))
      .then((rows) => rows[0]);
  }

  /** The callback job: posts the payment's fixed body, authenticated; a non-2xx answer throws (the job retries). */
  async deliver(paymentId: string): Promise<void> {
    const { db, style, send, callbackToken, clock } = this.options;
    const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.paymentId, paymentId));
    if (!payment) return;
    const [code] = await db
      .select({ kind: sandboxPaymentCodes.kind })
      .from(sandboxPaymentCodes)
      .where(eq(sandboxPaymentCodes.reference, payment.reference));
    const answer = await send({
      path:
        style === 'xendit' && code?.kind === 'qr'
          ? SANDBOX_QR_CALLBACK_PATH
          : SANDBOX_PAYMENT_CALLBACK_PATHS[style],
      headers: {
        'content-type': 'application/json',
        ...(style === 'xendit' ? { [XENDIT_TOKEN_HEADER]: callbackToken } : {}),
      },
      body: payment.callbackBody,
    });
    if (answer.statusCode < 200 || answer.statusCode >= 300)
      throw new SandboxPaymentError(`payment callback answered ${answer.statusCode}`);
    await db
      .update(sandboxPayments)
      .set({ callbackAt: clock.now() })
      .where(eq(sandboxPayments.paymentId, paymentId));
  }

  private callbackBody(code: SandboxPaymentCodeRow, paymentId: string, amount: Rupiah, paidAt: Date): string {
    if (this.options.style === 'midtrans') {
      const grossAmount = `${amount}.00`;
      const notification: MidtransNotification = {
        transaction_id: paymentId,
        order_id: code.externalId,
        gross_amount: grossAmount,
        status_code: '200',
        transaction_status: 'settlement',
        transaction_time: jakartaWallTime(paidAt),
        settlement_time: jakartaWallTime(paidAt),
        payment_type: midtransPaymentType(code),
        signature_key: midtransSignature({
          orderId: code.externalId,
          statusCode: '200',
          grossAmount,
          serverKey: this.options.serverKey,
        }),
      };
      return JSON.stringify(notification);
    }
    if (code.kind === 'qr') {
      const qrPayment: XenditQrPayment = {
        event: 'qr.payment',
        business_id: 'sbx-business',
        created: paidAt.toISOString(),
        data: {
          id: paymentId,
          qr_id: code.reference,
          reference_id: code.externalId,
          currency: 'IDR',
          amount,
          status: 'SUCCEEDED',
          created: paidAt.toISOString(),
          channel_code: 'ID_DANA',
        },
      };
      return JSON.stringify(qrPayment);
    }
    const callback: XenditPayment = {
      id: `sbx-cb-${randomUUID()}`,
      payment_id: paymentId,
      external_id: code.externalId,
      amount,
      ...(code.kind === 'store'
        ? { status: 'COMPLETED' as const, retail_outlet_name: code.channel }
        : { bank_code: code.channel }),
      transaction_timestamp: paidAt.toISOString(),
    };
    return JSON.stringify(callback);
  }

  private async issue(
    row: Omit<SandboxPaymentCodeRow, 'reference' | 'createdAt'>,
  ): Promise<SandboxPaymentCodeRow> {
    const { db, clock } = this.options;
    await db
      .insert(sandboxPaymentCodes)
      .values({ ...row, reference: `sbx-code-${randomUUID()}`, createdAt: clock.now() })
      .onConflictDoNothing();
    const stored = await this.byExternalId(row.externalId);
    if (!stored) throw new SandboxPaymentError('sandbox payment code not stored');
    return stored;
  }
}

function midtransPaymentType(code: SandboxPaymentCodeRow): string {
  if (code.kind === 'qr') return 'qris';
  if (code.kind === 'store') return 'cstore';
  return code.channel === 'MANDIRI' ? 'echannel' : 'bank_transfer';
}
