import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { amountField } from '@kaskita/domain/validation/form-fields';
import type { Clock } from '../../clock.ts';
import type { SandboxPaymentGateway } from '../../providers/payment-gateway/sandbox-payment-gateway.ts';
import type { SandboxPaymentCodeRow } from '../../providers/payment-gateway/sandbox-payment-gateway-schema.ts';
import { DEV_PAGE_HEADERS, escapeHtml, utcTime } from './dev-html.ts';

const payBody = z.object({
  amount: amountField(1, 1_000_000_000, 'field.required', 'field.invalid').optional(),
});

/**
 * GET /dev/payments: the sandbox gateway's payment codes, newest first, each with a form that pays it (exact, partial
 * or over: any amount), through the same authenticated callback as POST /api/dev/payments/simulate. Never in
 * production.
 */
export function devPaymentsPage(
  app: FastifyInstance,
  { gateway, clock }: { gateway: SandboxPaymentGateway; clock: Clock },
): void {
  app.get('/dev/payments', async (_request, reply) => {
    const rows = await gateway.list();
    return reply
      .headers(DEV_PAGE_HEADERS)
      .type('text/html; charset=utf-8')
      .send(renderPage(rows, businessDateAt(clock.now())));
  });
  app.post<{ Params: { id: string } }>('/dev/payments/:id/pay', async (request, reply) => {
    const code = await gateway.byExternalId(request.params.id);
    const parsed = payBody.safeParse(request.body ?? {});
    // A refused amount pays nothing rather than the exact amount the form did not ask for.
    if (!parsed.success)
      return reply.code(400).type('text/plain; charset=utf-8').send('amount: whole rupiah');
    if (code)
      await gateway.simulatePayment({
        externalId: code.externalId,
        amount: parsed.data.amount ?? code.amount,
      });
    return reply.redirect('/dev/payments', 303);
  });
  // An e-wallet charge declined in the wallet (OVO's push answered "no"): its FAILED callback follows.
  app.post<{ Params: { id: string } }>('/dev/payments/:id/decline', async (request, reply) => {
    const code = await gateway.byExternalId(request.params.id);
    if (code) await gateway.simulateFailure(code.externalId);
    return reply.redirect('/dev/payments', 303);
  });
}

function renderRow(r: SandboxPaymentCodeRow & { paidAmount: Rupiah }): string {
  const id = escapeHtml(r.externalId);
  return `<tr data-id="${id}"><td>${utcTime(r.createdAt)}</td><td>${escapeHtml(r.channel)}</td>
<td class="number"><span>${escapeHtml(r.number)}</span>${r.billerCode ? `<br><small>biller ${escapeHtml(r.billerCode)}</small>` : ''}</td>
<td>${escapeHtml(formatRupiah(r.amount))}</td><td>${utcTime(r.expiresAt)}</td>
<td class="paid">${r.paidAmount > 0 ? escapeHtml(formatRupiah(r.paidAmount)) : ''}</td>
<td><form method="post" action="/dev/payments/${id}/pay"><label>Amount <input name="amount" inputmode="numeric"
value="${r.amount}" size="10"></label> <button>Pay</button></form>${
    r.kind === 'ewallet'
      ? `<form method="post" action="/dev/payments/${id}/decline"><button>Decline</button></form>`
      : ''
  }</td></tr>`;
}

function renderPage(
  rows: Array<SandboxPaymentCodeRow & { paidAmount: Rupiah }>,
  businessDate: string,
): string {
  const table =
    rows.length === 0
      ? '<p>No payment codes yet: choose a payment method for a bill in the app first.</p>'
      : `<table><thead><tr><th>Created (UTC)</th><th>Channel</th><th>Number</th><th>Amount</th><th>Expires (UTC)</th>
<th>Paid</th><th></th></tr></thead><tbody>${rows.map(renderRow).join('')}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>KasKita · Dev payments</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d2b25}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde5e1;padding:6px;text-align:left;vertical-align:top}small{color:#66756e}
form{display:inline-block;margin:2px}.number span{display:block;max-width:16em;overflow-wrap:anywhere}</style></head><body>
<h1>Dev payments</h1><p>Development only: the sandbox payment gateway. Business date: <b>${escapeHtml(businessDate)}</b>.
Pay any code with any amount (exact, less or more); the gateway then sends its authenticated callback, as a real one
does when a borrower pays.</p>
${table}</body></html>`;
}
