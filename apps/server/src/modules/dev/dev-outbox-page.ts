import type { FastifyInstance } from 'fastify';
import { localPhone } from '@kaskita/domain/validation/phone';
import type { DevOutboxSmsProvider, OutboxRow } from '../../providers/sms/dev-outbox-sms-provider.ts';
import { DEV_PAGE_HEADERS, escapeHtml, utcTime } from './dev-html.ts';

/**
 * GET /dev/outbox: the dev SMS outbox as a plain page, so a person trying the app can read their code.
 * Server-rendered on purpose: it must not add a byte to the web app's bundles. Never registered in production.
 */
export function devOutboxPage(app: FastifyInstance, { outbox }: { outbox: DevOutboxSmsProvider }): void {
  app.get<{ Querystring: { phone?: string } }>('/dev/outbox', async (request, reply) => {
    const typed = typeof request.query.phone === 'string' ? request.query.phone.slice(0, 32) : '';
    const rows = await outbox.list(typed || undefined);
    return reply.headers(DEV_PAGE_HEADERS).type('text/html; charset=utf-8').send(renderPage(typed, rows));
  });
}

function renderPage(typed: string, rows: OutboxRow[]): string {
  const body =
    rows.length === 0
      ? '<p>No messages yet. Request a code on the login page, then reload.</p>'
      : `<table><thead><tr><th>Sent (UTC)</th><th>Channel</th><th>To</th><th>Code</th><th>Text</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(utcTime(r.createdAt))}</td>` +
              `<td class="channel">${escapeHtml(r.channel)}</td>` +
              `<td>${escapeHtml(localPhone(r.toPhone))}</td><td class="code">${escapeHtml(r.code ?? '')}</td>` +
              `<td>${escapeHtml(r.text)}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5">
<title>KasKita · Dev SMS outbox</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d2b25}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde5e1;padding:6px;text-align:left;vertical-align:top}.code{font:bold 18px monospace;color:#0b8a5c}
input{font-size:16px;padding:6px}</style></head><body>
<h1>Dev SMS outbox</h1><p>Development only: messages the app would have sent by SMS or WhatsApp, newest first. Refreshes every 5 s.</p>
<form method="get"><input name="phone" placeholder="Filter by phone, e.g. 0812..." value="${escapeHtml(typed)}"> <button>Filter</button></form>
${body}</body></html>`;
}
