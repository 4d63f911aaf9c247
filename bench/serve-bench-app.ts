// The server side of the API bench (bench/api-bench.ts starts it as a child process, so autocannon never shares its
// event loop). On the database named by BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite), it starts:
// - the real app, with a bench user signed in through the same calls as the web (code request, dev outbox, login);
// - a bench-only bare Fastify whose one route, GET /api/bench/raw, runs one primary-key SELECT of that user through
//   Drizzle on the same database handle (same pool): the floor any database-backed route pays. buildApp() returns a
//   ready app that takes no more routes, and the real app must never have this route, hence a second server.
// Prints one JSON line {appUrl, rawUrl, token} once both listen; closes everything on SIGTERM/SIGINT.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { signIn } from '../apps/server/test/helpers/api-calls.ts';

const url = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');

const database = await openDatabase(
  url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: dataDir! },
);
await database.migrate();
await seedDatabase(database.db, new Date());

const app = await buildApp({
  envSource: {},
  env: { NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent/kaskita-bench-dist' },
  database,
  logger: false,
});
const raw = Fastify({ logger: false });

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

let closing = false;
async function close(code: number): Promise<never> {
  if (!closing) {
    closing = true;
    await Promise.allSettled([raw.close(), app.close()]);
    await database.close();
  }
  process.exit(code);
}
process.on('SIGTERM', () => void close(0));
process.on('SIGINT', () => void close(0));
// The parent going away closes our stdin: exit rather than linger.
process.stdin.on('end', () => void close(0));
process.stdin.resume();

try {
  const session = await signIn(app);
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, session.phone))
    .limit(1);
  if (!user) throw new Error('bench user not found');
  raw.get('/api/bench/raw', async () => {
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id)).limit(1);
    return { code: 200, msg: 'OK', data: { id: row?.id ?? null } };
  });
  const appUrl = await listen(app);
  const rawUrl = await listen(raw);
  process.stdout.write(`${JSON.stringify({ appUrl, rawUrl, token: session.token })}\n`);
} catch (error) {
  console.error(error);
  await close(1);
}
