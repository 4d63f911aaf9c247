import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { OperationsRepository } from './operations-repository.ts';

/** The results a provider callback can have, as counted (callbacks-plugin.ts). */
export type CallbackResult = 'refused' | 'applied' | 'ignored' | 'replay' | 'conflict' | 'failed';

/**
 * The app's Prometheus metrics (GET /metrics, operations-routes.ts; prom-client). One registry per app, so the tests'
 * apps never share counters. Counters and histograms move as things happen; the book's figures (job queues, the
 * outbox, payments and disbursements by state) are read from the database when scraped, so every instance reports the
 * same shared truth and nothing is kept in memory between scrapes.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private processMetrics = false;

  readonly httpDuration = new Histogram({
    name: 'kaskita_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw path, which can hold ids) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly callbacks = new Counter({
    name: 'kaskita_callbacks_total',
    help: 'Provider callbacks received, by provider and result (refused: not verified or unreadable; failed: rolled back for the provider to retry)',
    labelNames: ['provider', 'result'] as const,
    registers: [this.registry],
  });

  readonly accrualDuration = new Histogram({
    name: 'kaskita_accrual_duration_seconds',
    help: 'Duration of each daily accrual run (the nightly book)',
    buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 120, 300, 600, 1800],
    registers: [this.registry],
  });

  constructor(book: OperationsRepository) {
    const registers = [this.registry];
    new Gauge({
      name: 'kaskita_job_queue_depth',
      help: 'Jobs due and waiting to run, by job type',
      labelNames: ['type'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await book.jobQueues()) this.set({ type: q.type }, q.waiting);
      },
    });
    new Gauge({
      name: 'kaskita_job_queue_oldest_age_seconds',
      help: 'Age of the oldest job due and waiting, by job type (0 when none waits)',
      labelNames: ['type'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await book.jobQueues()) this.set({ type: q.type }, q.oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'kaskita_outbox_pending',
      help: 'Messages to people written but not yet sent',
      registers,
      async collect() {
        this.set((await book.outbox()).pending);
      },
    });
    new Gauge({
      name: 'kaskita_outbox_lag_seconds',
      help: 'Age of the oldest message waiting in the outbox (0 when none waits)',
      registers,
      async collect() {
        this.set((await book.outbox()).oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'kaskita_payments',
      help: 'Payments by status',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        for (const row of await book.paymentsByStatus()) this.set({ status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'kaskita_disbursements',
      help: 'Disbursements by status',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        this.reset();
        for (const row of await book.disbursementsByStatus()) this.set({ status: row.status }, row.count);
      },
    });
  }

  /** The exposition text. The process's own metrics (CPU, memory, event loop) start with the first scrape. */
  async scrape(): Promise<string> {
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
