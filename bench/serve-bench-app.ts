// The server side of the API bench (bench/api-bench.ts starts it as a child process, so autocannon never shares its
// event loop). On the database named by BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite), it starts:
// - the real app, with a bench user signed in through the same calls as the web (code request, dev outbox, login);
// - on the bench-only bare Fastify (bench-app.ts), GET /api/bench/raw, one primary-key SELECT of that user through
//   Drizzle on the same database handle (same pool): the floor any database-backed route pays.
// Prints one JSON line {appUrl, rawUrl, token} once both listen; closes everything on SIGTERM/SIGINT.
import { eq } from 'drizzle-orm';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { users } from '../apps/server/src/db/schema.ts';
import { phoneLookupHash } from '../apps/server/src/security/phone-lookup.ts';
import { signIn } from '../apps/server/test/helpers/api-calls.ts';
import { startBenchApp } from './bench-app.ts';

const url = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');

const bench = await startBenchApp(
  url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: dataDir! },
);
const { db } = bench.database;

try {
  const session = await signIn(bench.app);
  const phoneHash = phoneLookupHash(bench.app.infra.dataProtection.lookup, normalisePhone(session.phone)!);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phoneHash, phoneHash)).limit(1);
  if (!user) throw new Error('bench user not found');
  bench.raw.get('/api/bench/raw', async () => {
    const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
    return { code: 200, msg: 'OK', data: { id: row?.id ?? null } };
  });
  const urls = await bench.listen();
  process.stdout.write(`${JSON.stringify({ ...urls, token: session.token })}\n`);
} catch (error) {
  await bench.fail(error);
}
