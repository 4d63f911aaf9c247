import type { FastifyInstance } from 'fastify';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import type { SandboxPaymentGateway } from '../../providers/payment-gateway/sandbox-payment-gateway.ts';
import { DEV_PAGE_HEADERS, escapeHtml } from './dev-html.ts';

const WALLET_NAMES: Record<string, string> = {
  DANA: 'DANA',
  SHOPEEPAY: 'ShopeePay',
  OVO: 'OVO',
  LINKAJA: 'LinkAja',
  ASTRAPAY: 'AstraPay',
  SAKUKU: 'Sakuku',
};

/**
 * GET /dev/ewallet/:id: the sandbox wallet's checkout, where a DANA or ShopeePay charge leads the borrower (its
 * `checkout_url`). Pay or Decline, as in the wallet's app; the gateway's callback follows and the borrower is sent
 * back to the pay page, as the real wallet does. Never in production.
 */
export function devEwalletPage(app: FastifyInstance, { gateway }: { gateway: SandboxPaymentGateway }): void {
  app.get<{ Params: { id: string } }>('/dev/ewallet/:id', async (request, reply) => {
    const code = await gateway.byExternalId(request.params.id);
    if (!code || code.kind !== 'ewallet') return reply.code(404).type('text/plain').send('no such charge');
    const wallet = WALLET_NAMES[code.channel] ?? code.channel;
    const id = escapeHtml(code.externalId);
    return reply.headers(DEV_PAGE_HEADERS).type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(wallet)} (sandbox)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:24px;color:#1d2b25;text-align:center}
button{font-size:16px;padding:12px 24px;margin:8px;border-radius:8px}</style></head><body>
<h1>${escapeHtml(wallet)} <small>(sandbox)</small></h1>
<p>Pay <b data-testid="wallet-amount">${escapeHtml(formatRupiah(code.amount))}</b> to <b>KASKITA</b></p>
<form method="post" action="/dev/ewallet/${id}/pay"><button data-testid="wallet-pay">Pay</button></form>
<form method="post" action="/dev/ewallet/${id}/decline"><button data-testid="wallet-decline">Decline</button></form>
</body></html>`);
  });
  for (const action of ['pay', 'decline'] as const)
    app.post<{ Params: { id: string } }>(`/dev/ewallet/:id/${action}`, async (request, reply) => {
      const code = await gateway.byExternalId(request.params.id);
      if (!code || code.kind !== 'ewallet') return reply.code(404).type('text/plain').send('no such charge');
      if (action === 'pay')
        await gateway.simulatePayment({ externalId: code.externalId, amount: code.amount });
      else await gateway.simulateFailure(code.externalId);
      // The wallet sends the borrower back to the address our server gave it when the charge was made.
      return reply.redirect(code.returnUrl ?? '/dev/payments', 303);
    });
}
