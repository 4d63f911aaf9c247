import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MIGRATIONS_DIR } from '../db/client.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { AppMetrics } from './app-metrics.ts';
import type { OperationsRepository } from './operations-repository.ts';

export interface OperationsDeps {
  metrics: AppMetrics;
  book: OperationsRepository;
  jobs: JobRunner;
  isProduction: boolean;
  metricsToken: string | undefined;
}

/** The migrations this build ships (Drizzle's journal): /ready waits until the database has them all. */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * For the load balancer and the monitoring, outside the borrower API (no H5 headers, no envelope, never cached):
 * - GET /health: the process answers (liveness; touches nothing else, so a slow database never restarts it);
 * - GET /ready: the database answers, every shipped migration is applied and the job runner has started (readiness:
 *   503 with the failing checks until then);
 * - GET /metrics: Prometheus text (app-metrics.ts), behind METRICS_TOKEN when set, not served in production without it.
 */
export function registerOperationsRoutes(app: FastifyInstance, deps: OperationsDeps): void {
  const expectedMigrations = shippedMigrations();

  app.get('/health', async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/ready', async (request, reply) => {
    let database = false;
    let migrations = false;
    try {
      migrations = (await deps.book.appliedMigrations()) >= expectedMigrations;
      database = true;
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database did not answer');
    }
    const checks = { database, migrations, jobs: deps.jobs.running };
    const ready = Object.values(checks).every(Boolean);
    return noStore(reply)
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });

  app.get('/metrics', async (request, reply) => {
    noStore(reply);
    const token = deps.metricsToken;
    if (!token && deps.isProduction) return reply.code(404).type('text/plain').send('Not Found');
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized');
      }
    }
    return reply.type(deps.metrics.contentType).send(await deps.metrics.scrape());
  });
}
