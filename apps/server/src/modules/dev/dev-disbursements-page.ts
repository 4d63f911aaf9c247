import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import type {
  SandboxDisbursementProvider,
  SandboxFailure,
} from '../../providers/disbursement/sandbox-disbursement-provider.ts';
import type { SandboxDisbursementRow } from '../../providers/disbursement/sandbox-disbursement-schema.ts';
import { DEV_PAGE_HEADERS, escapeHtml, utcTime } from './dev-html.ts';

const failBody = z.object({
  reason: z
    .enum(['ACCOUNT_NAME_MISMATCH', 'ACCOUNT_CLOSED', 'BANK_TIMEOUT'])
    .default('ACCOUNT_NAME_MISMATCH'),
});

/**
 * GET /dev/disbursements: the sandbox bank's disbursements, newest first, each pending one with buttons that complete
 * or fail it (plain form posts, answered with a redirect back), the same path as POST /api/dev/disbursements/:id/...
 * Never registered in production.
 */
export function devDisbursementsPage(
  app: FastifyInstance,
  { bank }: { bank: SandboxDisbursementProvider },
): void {
  app.get('/dev/disbursements', async (_request, reply) => {
    const rows = await bank.list();
    return reply.headers(DEV_PAGE_HEADERS).type('text/html; charset=utf-8').send(renderPage(rows));
  });
  app.post<{ Params: { id: string } }>('/dev/disbursements/:id/complete', async (request, reply) => {
    await bank.finish(request.params.id, { status: 'COMPLETED' });
    return reply.redirect('/dev/disbursements', 303);
  });
  app.post<{ Params: { id: string } }>('/dev/disbursements/:id/fail', async (request, reply) => {
    const parsed = failBody.safeParse(request.body ?? {});
    const reason: SandboxFailure = parsed.success ? parsed.data.reason : 'ACCOUNT_NAME_MISMATCH';
    await bank.finish(request.params.id, { status: 'FAILED', failureCode: reason });
    return reply.redirect('/dev/disbursements', 303);
  });
}

function renderRow(r: SandboxDisbursementRow): string {
  const id = escapeHtml(r.reference);
  const actions =
    r.status === 'PENDING'
      ? `<form method="post" action="/dev/disbursements/${id}/complete"><button>Complete</button></form>
<form method="post" action="/dev/disbursements/${id}/fail"><select name="reason" aria-label="Failure reason">
<option>ACCOUNT_NAME_MISMATCH</option><option>ACCOUNT_CLOSED</option><option>BANK_TIMEOUT</option></select>
<button>Fail</button></form>`
      : '';
  return `<tr class="${r.status.toLowerCase()}" data-id="${id}"><td>${utcTime(r.createdAt)}</td><td>${id}<br><small>order try ${escapeHtml(r.externalId)}</small></td>
<td>${escapeHtml(formatRupiah(r.amount))}</td><td>${escapeHtml(r.bankCode)} ****${escapeHtml(r.accountLastDigits)}</td>
<td class="status">${r.status}${r.failureCode ? ` (${escapeHtml(r.failureCode)})` : ''}</td>
<td>${r.callbackAt ? utcTime(r.callbackAt) : ''}</td><td>${actions}</td></tr>`;
}

function renderPage(rows: SandboxDisbursementRow[]): string {
  const table =
    rows.length === 0
      ? '<p>No disbursements yet: order a loan in the app first.</p>'
      : `<table><thead><tr><th>Created (UTC)</th><th>Reference</th><th>Amount</th><th>Account</th><th>Status</th>
<th>Callback answered (UTC)</th><th></th></tr></thead><tbody>${rows.map(renderRow).join('')}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>KasKita · Dev disbursements</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d2b25}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde5e1;padding:6px;text-align:left;vertical-align:top}small{color:#66756e}
form{display:inline-block;margin:2px}.failed .status{color:#b3261e}.completed .status{color:#0b8a5c}</style></head><body>
<h1>Dev disbursements</h1><p>Development only: the sandbox bank. A pending disbursement completes or fails by itself after
DISBURSEMENT_SANDBOX_DELAY_SECONDS (unless -1), or now with these buttons; either way the bank sends its signed callback.
Accounts ending 222 fail with a name mismatch, 333 as closed, 444 with a bank time-out.</p>
${table}</body></html>`;
}
