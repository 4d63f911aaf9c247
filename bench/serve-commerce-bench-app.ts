// The server side of the commerce bench (commerce-bench.ts starts it as a child process). On the database named by
// BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite): the real app with a signed-in bench borrower and two
// orders of the demo shop (created by its signed merchant call, as a shop's server does): one the borrower opens (the
// signed-in calls claim it), one a visitor opens (the `_free` calls claim nothing); and the raw one-query route.
// Prints one JSON line {appUrl, rawUrl, token, visitorKey, borrowerKey} once both listen.
import { eq } from 'drizzle-orm';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { users } from '../apps/server/src/db/schema.ts';
import { phoneLookupHash } from '../apps/server/src/security/phone-lookup.ts';
import { DEV_COMMERCE_MERCHANT_SECRET } from '../apps/server/src/modules/commerce/commerce-merchants.ts';
import { merchantSignatureHeaders } from '../apps/server/src/modules/commerce/merchant-signature.ts';
import { signIn } from '../apps/server/test/helpers/api-calls.ts';
import { startBenchApp } from './bench-app.ts';

const url = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');

const bench = await startBenchApp(
  url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: dataDir! },
);
const { db } = bench.database;

/** A demo-shop order of Rp 3.000.000, as its server would create it; answers the checkout's sign_key. */
async function shopOrder(merchantOrderId: string): Promise<string> {
  const body = JSON.stringify({
    merchant_order_id: merchantOrderId,
    amount: 3_000_000,
    order_detail: [{ name: 'Sepatu lari', quantity: 2, price: 1_500_000 }],
    return_url: 'http://localhost:3000/dev/merchant',
  });
  const res = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/commerce/merchant/orders',
    headers: {
      'content-type': 'application/json',
      ...merchantSignatureHeaders(
        { app_id: 'demo-shop', secret: DEV_COMMERCE_MERCHANT_SECRET },
        body,
        new Date(),
      ),
    },
    payload: body,
  });
  const answer = res.json<{ code: number; msg: string; data: { sign_key: string } }>();
  if (answer.code !== 200) throw new Error(`the demo shop's order was refused: ${answer.code} ${answer.msg}`);
  return answer.data.sign_key;
}

try {
  const session = await signIn(bench.app);
  const phoneHash = phoneLookupHash(bench.app.infra.dataProtection.lookup, normalisePhone(session.phone)!);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phoneHash, phoneHash)).limit(1);
  if (!user) throw new Error('bench user not found');
  bench.raw.get('/api/bench/raw', async () => {
    const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
    return { code: 200, msg: 'OK', data: { id: row?.id ?? null } };
  });
  const visitorKey = await shopOrder('bench-visitor');
  const borrowerKey = await shopOrder('bench-borrower');
  const urls = await bench.listen();
  process.stdout.write(`${JSON.stringify({ ...urls, token: session.token, visitorKey, borrowerKey })}\n`);
} catch (error) {
  await bench.fail(error);
}
