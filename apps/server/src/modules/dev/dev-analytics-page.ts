import type { FastifyInstance } from 'fastify';
import type { DatabaseAnalyticsProvider } from '../../providers/analytics/database-analytics-provider.ts';
import type { AnalyticsEventRow } from '../../providers/analytics/analytics-events-schema.ts';
import { DEV_PAGE_HEADERS, escapeHtml, utcTime } from './dev-html.ts';

/** The newest events are enough to see what a page sends; older ones stay in the table. */
const SHOWN = 200;

/** GET /dev/analytics: the events the database analytics provider kept, newest first. Never in production. */
export function devAnalyticsPage(
  app: FastifyInstance,
  { analytics }: { analytics: DatabaseAnalyticsProvider },
): void {
  app.get('/dev/analytics', async (_request, reply) => {
    const rows = await analytics.newest(SHOWN);
    return reply.headers(DEV_PAGE_HEADERS).type('text/html; charset=utf-8').send(renderPage(rows));
  });
}

const text = (value: string | null) => (value === null ? '' : escapeHtml(value));

function renderRow(r: AnalyticsEventRow): string {
  const params = Object.keys(r.params).length > 0 ? escapeHtml(JSON.stringify(r.params)) : '';
  return `<tr><td>${utcTime(r.receivedAt)}<br><small>browser ${utcTime(r.occurredAt)}</small></td>
<td class="name">${escapeHtml(r.name)}</td><td>${text(r.page)}</td><td>${params}</td>
<td>${text(r.channel)}</td><td>${text(r.promotePlatform)} / ${text(r.promoteAgency)}</td>
<td><small>${escapeHtml(r.deviceId)}<br>${text(r.fingerprint)}</small></td><td><small>${text(r.userId)}</small></td></tr>`;
}

function renderPage(rows: AnalyticsEventRow[]): string {
  const table =
    rows.length === 0
      ? '<p>No events yet: sign in, apply or repay in the app first.</p>'
      : `<table><thead><tr><th>Received (UTC)</th><th>Event</th><th>Page</th><th>Params</th><th>cl</th>
<th>Promote platform / agency</th><th>Device id, fingerprint</th><th>User</th></tr></thead>
<tbody>${rows.map(renderRow).join('')}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>KasKita · Dev analytics</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d2b25}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde5e1;padding:6px;text-align:left;vertical-align:top}small{color:#66756e}</style>
</head><body>
<h1>Dev analytics</h1><p>Development only: the ${SHOWN} newest events the web app sent to POST /api/v1/analytics/events,
as the database analytics provider keeps them (ANALYTICS_PROVIDER=database). In production they go to GA4 or nowhere.</p>
${table}</body></html>`;
}
