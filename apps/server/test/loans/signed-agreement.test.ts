import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AgreementView } from '@kaskita/domain/contract/loans';
import { loans } from '../../src/modules/loans/loan-orders-schema.ts';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';
import { approvedBorrower, finishAtBank, order, pendingAtBank } from './loan-helpers.ts';

// Its own storage folder: the test counts the agreements kept, which other files' loans would add to.
const t = useTestApp({
  env: {
    PUBLIC_APP_URL: 'https://app.kaskita.test',
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'kaskita-agreements-')),
  },
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function ordered() {
  const b = await approvedBorrower(t.app, t.database.db, t.clock.now());
  const placed = await order(t.app, b.token);
  expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
  const [row] = await t.database.db.select().from(loans).where(eq(loans.id, placed.body.data.order_id));
  return { b, row: row! };
}

function signed(token: string, orderId: string, pdf = true) {
  return get<AgreementView>(t.app, token, `/v1/order/agreement?order_id=${orderId}${pdf ? '&pdf=1' : ''}`);
}

const pdfOf = (view: AgreementView) => Buffer.from(view.pdf_base64!, 'base64');
const kept = (orderId: string) => t.app.infra.dataProtection.files.get(`agreements/${orderId}.pdf`);

async function setCompanyAddress(address: string) {
  await t.database.db.execute(
    sql`insert into app_config (key, value) values ('company_address', ${JSON.stringify(address)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
}

describe('the signed agreement', () => {
  it('is kept when accepted, numbered and timed, and downloads as the very bytes accepted', async () => {
    const { b, row } = await ordered();
    const copy = await kept(row.id);
    expect(copy?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(copy!)).toBe(row.agreementSha256);

    const view = (await signed(b.token, row.id)).body.data;
    expect(view).toMatchObject({
      order_id: row.id,
      accepted_at: row.acceptedAt.toISOString(),
      sha256: row.agreementSha256,
    });
    expect(sha256(pdfOf(view))).toBe(row.agreementSha256);
    // A preview stays a preview: unnumbered, not accepted.
    const preview = await get<AgreementView>(
      t.app,
      b.token,
      '/v1/order/agreement?pid=cash-loan&money=2000000&period=month-3-3&purpose_id=101',
    );
    expect(preview.body.data).toMatchObject({ order_id: null, accepted_at: null });
  });

  it('stays what was accepted when a setting it names changes afterwards', async () => {
    const { b, row } = await ordered();
    await setCompanyAddress('Jl. Baru No. 2, Jakarta Selatan');
    try {
      const view = (await signed(b.token, row.id)).body.data;
      expect(sha256(pdfOf(view))).toBe(row.agreementSha256);

      // An order accepted before copies were kept: rendered again only if that gives the accepted bytes; here the
      // address changed, so it is refused rather than shown as the signed copy.
      await t.app.infra.dataProtection.files.delete(`agreements/${row.id}.pdf`);
      expect((await signed(b.token, row.id)).body.code).toBe(4305);
      // The text (no PDF) is still readable.
      expect((await signed(b.token, row.id, false)).body.code).toBe(200);
    } finally {
      await t.database.db.execute(sql`delete from app_config where key = 'company_address'`);
    }
    // With the address as it was, the rendering matches again: it is kept from now on.
    const view = (await signed(b.token, row.id)).body.data;
    expect(sha256(pdfOf(view))).toBe(row.agreementSha256);
    expect(sha256((await kept(row.id))!)).toBe(row.agreementSha256);
  });

  it('is linked in the disbursement SMS, and no copy is kept of an order that was refused', async () => {
    const { b, row } = await ordered();
    // A second order while this one is open is refused: its agreement was rendered, but nothing of it is kept.
    const refused = await order(t.app, b.token, { order_token: 'another-tap' });
    expect(refused.body.code).toBe(4291);
    const files: string[] = [];
    for await (const key of t.app.infra.dataProtection.files.list())
      if (key.startsWith('agreements/')) files.push(key);
    const orders = await t.database.db.select({ id: loans.id }).from(loans);
    expect(files.sort()).toEqual(orders.map((o) => `agreements/${o.id}.pdf`).sort());

    const atBank = await pendingAtBank(t.app, t.database.db, row.id);
    await finishAtBank(t.app, atBank, 'complete');
    await t.app.jobs.whenIdle();
    const texts = (await t.database.db.select().from(smsOutbox)).map((m) => m.text);
    expect(texts).toContainEqual(
      expect.stringContaining(
        `Perjanjian Anda: https://app.kaskita.test/me/loan-agreement?order_id=${row.id}`,
      ),
    );
  });
});
