import type { FastifyInstance } from 'fastify';
import { repaymentCalls } from '@kaskita/domain/contract/repayments';
import { ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import type { SandboxPaymentGateway } from '../../providers/payment-gateway/sandbox-payment-gateway.ts';
import type { SandboxPaymentCodeRow } from '../../providers/payment-gateway/sandbox-payment-gateway-schema.ts';

/**
 * The sandbox gateway's payment codes, paid by hand (people on /dev/payments, browser tests): the payment then arrives
 * as the gateway's authenticated callback, the path a real payment takes. Never registered in production (app.ts).
 */
export function devPaymentRoutes(
  app: FastifyInstance,
  { gateway }: { gateway: SandboxPaymentGateway },
): void {
  registerCall(app, repaymentCalls.listDevPaymentCodes, async () => ({
    list: (await gateway.list()).map(devPaymentView),
  }));
  registerCall(app, repaymentCalls.simulateDevPayment, async ({ body }) => {
    const code = await gateway.byExternalId(body.external_id);
    if (!code) throw new AppError('NOT_FOUND');
    await gateway.simulatePayment({ externalId: code.externalId, amount: body.amount ?? code.amount });
    const listed = (await gateway.list()).find((c) => c.reference === code.reference);
    return devPaymentView(listed ?? { ...code, paidAmount: ZERO_RUPIAH });
  });
}

export function devPaymentView(row: SandboxPaymentCodeRow & { paidAmount: Rupiah }) {
  return {
    id: row.reference,
    external_id: row.externalId,
    channel_id: devChannelId(row),
    number: row.number,
    amount: row.amount,
    expires_at: row.expiresAt.toISOString(),
    paid_amount: row.paidAmount,
    created_at: row.createdAt.toISOString(),
  };
}

function devChannelId(row: SandboxPaymentCodeRow): string {
  if (row.kind === 'qr') return 'QRIS';
  if (row.kind === 'ewallet') return `EWALLET_${row.channel}`;
  return `${row.kind === 'va' ? 'VA' : 'STORE'}_${row.channel}`;
}
