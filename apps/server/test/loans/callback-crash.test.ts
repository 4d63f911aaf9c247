import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DEV_DISBURSEMENT_CALLBACK_SECRET } from '../../src/env.ts';
import { callbackInbox } from '../../src/callbacks/callback-inbox-schema.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { disbursements, loans } from '../../src/modules/loans/loan-orders-schema.ts';
import {
  SIGNATURE_HEADER,
  signSandboxCallback,
  TIMESTAMP_HEADER,
} from '../../src/providers/disbursement/disbursement-callback.ts';
import { sandboxDisbursements } from '../../src/providers/disbursement/sandbox-disbursement-schema.ts';
import { freePort, useServerProcessDatabase } from '../helpers/server-process.ts';
import { approvedBorrower, order, pendingAtBank } from './loan-helpers.ts';

// A killed server must not lose or double a disbursement: two real server processes on one PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PG_ONLY = 'PostgreSQL only: it runs server processes on one database';
const CALLBACK = '/api/payments/disbursement/callback/sandbox';

const processes = useServerProcessDatabase();
const startServer = (port: number) => processes.startServer(port);

function post(port: number, body: string) {
  const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return fetch(`http://127.0.0.1:${port}${CALLBACK}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signSandboxCallback(DEV_DISBURSEMENT_CALLBACK_SECRET, timestamp, body),
    },
    body,
  });
}

describe.skipIf(!onPostgres)(`a server killed while applying a disbursement callback (${PG_ONLY})`, () => {
  it('applies the provider retry exactly once', { timeout: 120_000 }, async () => {
    const db = processes.testDb.database.db;
    const b = await approvedBorrower(processes.setup, db, new Date());
    const placed = await order(processes.setup, b.token);
    const loanId = placed.body.data.order_id;
    const reference = await pendingAtBank(processes.setup, db, loanId);
    const [atBank] = await db
      .select()
      .from(sandboxDisbursements)
      .where(eq(sandboxDisbursements.reference, reference));
    const body = JSON.stringify({
      id: reference,
      external_id: atBank!.externalId,
      amount: atBank!.amount,
      bank_code: atBank!.bankCode,
      status: 'COMPLETED',
      failure_code: null,
      updated: new Date().toISOString(),
    });

    const port = await freePort();
    const first = await startServer(port);
    // Hold the loan row so the server's callback transaction stops half-way (inbox row and try written, loan not).
    const holder = new pg.Client({ connectionString: processes.testDb.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM loans WHERE id = $1 FOR UPDATE', [loanId]);
    const inFlight = post(port, body).catch((error: unknown) => error);
    const blockedDeadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await holder.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if ((rows[0] as { n: number }).n > 0) break;
      if (Date.now() > blockedDeadline) throw new Error('the callback never reached the loan row');
      await new Promise((r) => setTimeout(r, 50));
    }
    first.kill('SIGKILL');
    expect(await inFlight).toBeInstanceOf(Error); // never answered
    await holder.query('ROLLBACK');
    await holder.end();

    // Nothing of the killed request remains: PostgreSQL rolled its transaction back.
    const inbox = await db
      .select()
      .from(callbackInbox)
      .where(and(eq(callbackInbox.provider, 'sandbox-disbursement')));
    expect(inbox).toHaveLength(0);
    const [tried] = await db.select().from(disbursements).where(eq(disbursements.loanId, loanId));
    expect(tried!.status).toBe('pending');

    // The provider retries against the restarted server: applied once, and a further retry is a replay.
    const second = await startServer(port);
    try {
      const retry = await post(port, body);
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as { data: { outcome: string } }).data.outcome).toBe('applied');
      const again = await post(port, body);
      expect(((await again.json()) as { data: { outcome: string } }).data.outcome).toBe('replay');
    } finally {
      second.kill('SIGTERM');
    }
    const [loan] = await db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan!.state).toBe('active');
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.loanId, loanId));
    expect(entries.map((e) => e.movement).sort()).toEqual(['contract-charges', 'disbursement']);
  });
});
