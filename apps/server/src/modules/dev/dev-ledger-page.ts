import type { FastifyInstance } from 'fastify';
import { ledgerCheckLines } from '../../cli/ledger-check-command.ts';
import type { Db } from '../../db/client.ts';
import { DEV_PAGE_HEADERS } from './dev-html.ts';

/**
 * GET /dev/ledger: `npm run ledger:check` on the running server's own database, as plain text: 200 when the books
 * agree, 409 with each problem otherwise. The command cannot run beside a server on an embedded database (PGlite lets
 * one process open its data dir), so a developer, and every browser journey before it stops its server, reads it here:
 * the journeys used to run the compiled command after stopping, a Node process and a second database start of ~5 s of
 * CPU each (2026-12-02). One read-only snapshot, so a write landing mid-check cannot make the books look unequal.
 * Never registered in production.
 */
export function devLedgerPage(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/dev/ledger', async (_request, reply) => {
    const { problems, lines } = await db.transaction((tx) => ledgerCheckLines(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    return reply
      .headers(DEV_PAGE_HEADERS)
      .code(problems === 0 ? 200 : 409)
      .type('text/plain; charset=utf-8')
      .send(`${lines.join('\n')}\n`);
  });
}
