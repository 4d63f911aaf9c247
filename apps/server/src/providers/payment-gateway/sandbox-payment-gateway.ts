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
  type XenditEwalletCharge,
  type XenditPayment,
  type XenditQrPayment,
} from './payment-callbacks.ts';
import { maskPhone, normalisePhone } from '@kaskita/domain/validation/phone';
import { dynamicQris } from './qris-payload.ts';
import type {
  EwalletCharge,
  EwalletChargeRequest,
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
/** E-wallet charges call back in Xendit's dialect whatever the style: Midtrans offers neither DANA nor OVO. */
export const SANDBOX_EWALLET_CALLBACK_PATH = '/api/payments/callback/sandbox-ewallet';
/** The sandbox wallet's checkout page (dev module), where DANA and ShopeePay charges are paid or declined. */
export const sandboxWalletPage = (externalId: string) => `/dev/ewallet/${encodeURIComponent(externalId)}`;
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
 * A payment gateway that behaves like Xendit or Midtrans without money: it issues virtual accounts, store codes,
 * QRIS codes and e-wallet charges (a repeated external id answers the first), and when the dev page or a test pays one, it calls our callback in the
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
      returnUrl: null,
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
      returnUrl: null,
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
      returnUrl: null,
      amount: request.amount,
      expiresAt: request.expiresAt,
    });
    return { externalId: row.externalId, qrString: row.number, amount: row.amount, expiresAt: row.expiresAt };
  }

  /**
   * A DANA or ShopeePay charge is paid on the sandbox wallet's page, which sends the borrower back to `returnUrl`; an
   * OVO charge is approved or declined on /dev/payments, as the push would be on the phone.
   */
  async createEwalletCharge(request: EwalletChargeRequest): Promise<EwalletCharge> {
    const push = request.wallet === 'OVO';
    const phone = push && request.mobileNumber ? normalisePhone(request.mobileNumber) : null;
    if (push && !phone) throw new SandboxPaymentError('OVO needs the wallet phone');
    const row = await this.issue({
      externalId: request.externalId,
      kind: 'ewallet',
      channel: request.wallet,
      number: phone ? maskPhone(phone) : sandboxWalletPage(request.externalId),
      billerCode: null,
      returnUrl: push ? null : request.returnUrl,
      amount: request.amount,
      expiresAt: request.expiresAt,
    });
    return {
      externalId: row.externalId,
      wallet: request.wallet,
      checkoutUrl: push ? null : row.number,
      amount: row.amount,
      expiresAt: row.expiresAt,
    };
  }

  /**
   * The borrower declines an e-wallet charge (or lets it lapse): its FAILED callback follows. A charge already paid or
   * declined is left as it is, as a wallet would.
   */
  async simulateFailure(externalId: string): Promise<void> {
    const code = await this.byExternalId(externalId);
    if (!code) throw new SandboxPaymentError('unknown payment code');
    if (code.kind !== 'ewallet' || (await this.settled(code))) return;
    await this.record(code, `${code.reference}:failed`, ZERO_RUPIAH);
  }

  /**
   * Pays into a code as a borrower would: any amount (a real VA of ours takes the exact one, but a store or a
   * misconfigured bank may not), even after expiry, so every case of the callback can be shown. The callback follows.
   */
  async simulatePayment(payment: { externalId: string; amount: Rupiah }): Promise<void> {
    const code = await this.byExternalId(payment.externalId);
    if (!code) throw new SandboxPaymentError('unknown payment code');
    if (code.kind === 'ewallet') {
      // A wallet charges exactly the amount asked, once: paying it again changes nothing.
      if (await this.settled(code)) return;
      await this.record(code, code.reference, code.amount);
      return;
    }
    await this.record(code, `sbx-pay-${randomUUID()}`, payment.amount);
  }

  private async record(code: SandboxPaymentCodeRow, paymentId: string, amount: Rupiah): Promise<void> {
    const paidAt = this.options.clock.now();
    await this.options.db.insert(sandboxPayments).values({
      paymentId,
      reference: code.reference,
      amount,
      paidAt,
      callbackBody: this.callbackBody(code, paymentId, amount, paidAt),
      createdAt: paidAt,
    });
    await this.options.jobs.send(SANDBOX_PAYMENT_CALLBACK, { paymentId }, { key: paymentId });
    this.options.jobs.wake(SANDBOX_PAYMENT_CALLBACK);
  }

  /** Whether an e-wallet charge was already paid or declined. */
  private async settled(code: SandboxPaymentCodeRow): Promise<boolean> {
    const rows = await this.options.db
      .select({ id: sandboxPayments.paymentId })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, code.reference))
      .limit(1);
    return rows.length > 0;
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
      path: callbackPath(style, code?.kind),
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
    if (code.kind === 'ewallet') {
      const failed = amount === 0;
      const charge: XenditEwalletCharge = {
        event: 'ewallet.capture',
        business_id: 'sbx-business',
        created: paidAt.toISOString(),
        data: {
          id: code.reference,
          reference_id: code.externalId,
          status: failed ? 'FAILED' : 'SUCCEEDED',
          currency: 'IDR',
          charge_amount: code.amount,
          capture_amount: failed ? null : amount,
          channel_code: `ID_${code.channel}`,
          failure_code: failed ? 'USER_DECLINED_THE_TRANSACTION' : null,
          created: code.createdAt.toISOString(),
          updated: paidAt.toISOString(),
        },
      };
      return JSON.stringify(charge);
    }
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

function callbackPath(style: SandboxPaymentStyle, kind: string | undefined): string {
  if (kind === 'ewallet') return SANDBOX_EWALLET_CALLBACK_PATH;
  if (kind === 'qr' && style === 'xendit') return SANDBOX_QR_CALLBACK_PATH;
  return SANDBOX_PAYMENT_CALLBACK_PATHS[style];
}

function midtransPaymentType(code: SandboxPaymentCodeRow): string {
  if (code.kind === 'qr') return 'qris';
  if (code.kind === 'store') return 'cstore';
  return code.channel === 'MANDIRI' ? 'echannel' : 'bank_transfer';
}
