import type { FastifyInstance } from 'fastify';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { JobListing, JobState } from '../../jobs/job-repository.ts';
import { DEV_PAGE_HEADERS, escapeHtml, utcTime } from './dev-html.ts';

const ROWS_PER_SECTION = 50;

const SECTIONS: ReadonlyArray<{ title: string; states: readonly JobState[]; empty: string }> = [
  { title: 'Queued', states: ['created', 'retry', 'active'], empty: 'Nothing waiting or running.' },
  { title: 'Failed', states: ['failed', 'cancelled'], empty: 'No failed jobs.' },
  { title: 'Done', states: ['completed'], empty: 'No finished jobs yet.' },
];

/**
 * GET /dev/jobs: the background jobs (pg-boss) waiting, failed and done, newest first, as a plain server-rendered page
 * like /dev/outbox. Payloads are shown: jobs carry ids, never message text or codes. Never registered in production.
 */
export function devJobsPage(app: FastifyInstance, { jobs }: { jobs: JobRunner }): void {
  app.get('/dev/jobs', async (_request, reply) => {
    const sections = await Promise.all(
      SECTIONS.map(async (s) => ({ ...s, rows: await jobs.list(s.states, ROWS_PER_SECTION) })),
    );
    const html = sections.map((s) => renderSection(s.title, s.rows, s.empty)).join('\n');
    return reply.headers(DEV_PAGE_HEADERS).type('text/html; charset=utf-8').send(renderPage(html));
  });
}

function renderSection(title: string, rows: JobListing[], empty: string): string {
  const id = title.toLowerCase();
  if (rows.length === 0) return `<h2 id="${id}">${title} (0)</h2><p>${empty}</p>`;
  const more = rows.length === ROWS_PER_SECTION ? ` (newest ${ROWS_PER_SECTION})` : ` (${rows.length})`;
  return `<h2 id="${id}">${title}${more}</h2><table><thead><tr><th>Created (UTC)</th><th>Job</th><th>State</th>
<th>Tries</th><th>Key</th><th>Payload</th><th>Started / next try (UTC)</th><th>Error</th></tr></thead><tbody>${rows
    .map(
      (r) =>
        `<tr class="${r.state}"><td>${utcTime(r.createdOn)}</td><td>${escapeHtml(r.name)}<br><small>${escapeHtml(r.id)}</small></td>` +
        `<td class="state">${r.state}</td><td>${r.attempts} / ${r.retryLimit + 1}</td>` +
        `<td>${escapeHtml(r.key ?? '')}</td><td><code>${escapeHtml((JSON.stringify(r.data) ?? '').slice(0, 300))}</code></td>` +
        `<td>${utcTime(r.state === 'retry' || r.state === 'created' ? r.startAfter : (r.startedOn ?? r.startAfter))}</td>` +
        `<td class="error">${escapeHtml(r.error ?? '')}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function renderPage(sections: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5">
<title>KasKita · Dev jobs</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px;color:#1d2b25}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dde5e1;padding:6px;text-align:left;vertical-align:top}small{color:#66756e}
.failed .state,.error{color:#b3261e}.completed .state{color:#0b8a5c}code{font-size:12px;word-break:break-all}</style></head><body>
<h1>Dev jobs</h1><p>Development only: background jobs (pg-boss) queued, failed and done, newest first. Refreshes every 5 s.
Failed jobs stay 30 days; done ones are archived after a day.</p>
${sections}</body></html>`;
}
