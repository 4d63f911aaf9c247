import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/client.ts';
import { JobRepository, type JobListing } from './job-repository.ts';
import type { JobContext, JobHandler, JobType } from './job-type.ts';
import { databaseExecutor, transactionExecutor } from './pg-boss-executors.ts';
import { fireKey, latestFire } from './schedule-fires.ts';

/** pg-boss's tables live in their own schema, created and migrated by pg-boss itself when the runner starts. */
export const JOB_SCHEMA = 'pgboss';
/** Cron expressions of schedules are read in this zone (the business day is Jakarta's). */
export const JOB_TIME_ZONE = 'Asia/Jakarta';

const DAY_SECONDS = 24 * 60 * 60;
/** How long stop() lets running jobs finish: less than server.ts's 10 s before it forces the process out. */
const STOP_GRACE_MS = 8000;
/**
 * Each worker's own poll, a fallback only: the runner's look (every `pollSeconds`) finds the queues with jobs due in one
 * statement and wakes their workers. Each worker polling its own queue cost a fetch per worker per interval, about 25
 * statements every 2 s: on PGlite's one connection, measured at 73 % of the database time of a dozen server test files.
 */
const WORKER_FALLBACK_POLL_SECONDS = 60;

export interface JobRunnerOptions {
  /** False: this process only enqueues (an API-only instance); another one runs workers, schedules and maintenance. */
  workers: boolean;
  /** False: a working process keeps its schedules stored but never sends them on the wall clock (tests trigger them). */
  cron?: boolean;
  /**
   * How often a working process looks for jobs due that nobody woke a worker for: enqueued by another process, delayed,
   * or waiting out a retry's backoff (its own sends wake a worker at once).
   */
  pollSeconds: number;
  /** How often this process looks for schedules' fires to send; 30 s when not given. */
  cronLookSeconds?: number;
  log: {
    warn(fields: object, message: string): void;
    error(fields: object, message: string): void;
  };
}

export interface SendOptions {
  /**
   * Idempotency key: a second send with the same key (and type) is ignored and answers null, for as long as pg-boss keeps
   * the first job (30 days when failed, 1 day after completion: see the constructor). Durable idempotency belongs to the
   * business table (e.g. message_outbox.idempotency_key).
   */
  key?: string;
  /** Enqueue inside this transaction: the job exists only if it commits. */
  tx?: Tx;
  delaySeconds?: number;
}

interface Registration {
  type: JobType<object>;
  handler: JobHandler<object>;
  concurrency: number;
  workerIds: string[];
  /** Workers running a job now: they look for the next one as soon as they finish. */
  busy: Set<string>;
}

/** A row of pg-boss's schedule table (its types leave out the time zone it stores). */
type StoredSchedule = PgBoss.Schedule & { timezone?: string };

interface Schedule {
  type: JobType<object>;
  cron: string;
  payload: object;
}

/**
 * Background jobs on pg-boss (architecture rule 11): in the app's own database (PGlite or PostgreSQL), so jobs survive
 * restarts, and on PostgreSQL several processes share the queues (pg-boss claims a job with FOR UPDATE SKIP LOCKED:
 * one process runs it). Modules register job types and schedules while the app is wired, then `start()` creates the
 * queues and the workers; the app's onClose stops them gracefully.
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly repo: JobRepository;
  /** pg-boss's statements still running: stop() waits for them, so none outlives the database it runs on. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private started = false;
  /** Set once stop() has finished: the caller may be closing the database. */
  private stopped = false;
  /** The next look for due jobs, and the one running (stop() waits for it). */
  private lookTimer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  /** The same for schedules' fires, in a process that sends them. */
  private fireTimer: NodeJS.Timeout | undefined;
  private firing: Promise<unknown> | undefined;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly options: JobRunnerOptions,
  ) {
    this.repo = new JobRepository(database.db);
    const executor = databaseExecutor(database);
    this.boss = new PgBoss({
      db: {
        executeSql: (text, values) => {
          // After stop() pg-boss may still complete or fail a job whose handler outlived the grace period, without
          // awaiting it: on a closed database that would be an unhandled rejection. Such a statement is dropped (never
          // settles); the job stays active and is retried after its expiry, as after a crash.
          if (this.stopped) return new Promise<never>(() => {});
          const query = executor.executeSql(text, values);
          this.inFlight.add(query);
          void query.then(
            () => this.inFlight.delete(query),
            () => this.inFlight.delete(query),
          );
          return query;
        },
      },
      schema: JOB_SCHEMA,
      // Maintenance (expiring hung jobs, archiving) belongs to the processes that work.
      supervise: options.workers,
      // Schedules are stored in pg-boss's table but fired by this runner (sendDueFires), not by pg-boss's timekeeper:
      // it dedupes a fire by the database minute its look was inserted in, so a look late in the fire's minute that
      // lands after the minute turns sends the job a second time (a daily job twice; seen in CI's three-process test).
      schedule: false,
      pollingIntervalSeconds: options.pollSeconds,
      // Failed jobs stay in the queue tables (and on /dev/jobs) for a month of inspection; done ones for a day.
      archiveCompletedAfterSeconds: DAY_SECONDS,
      archiveFailedAfterSeconds: 30 * DAY_SECONDS,
      deleteAfterDays: 30,
    });
    this.boss.on('error', (error: Error & { queue?: string }) =>
      options.log.error({ err: error, queue: error.queue }, 'job runner error'),
    );
  }

  /** Registers a job type and its handler; `concurrency` workers in this process each run one job at a time. */
  register<P extends object>(type: JobType<P>, handler: JobHandler<P>, { concurrency = 1 } = {}): void {
    if (this.started) throw new Error(`job ${type.name} registered after start`);
    if (this.registrations.has(type.name)) throw new Error(`job ${type.name} registered twice`);
    this.registrations.set(type.name, {
      type: type as JobType<object>,
      handler: handler as JobHandler<object>,
      concurrency,
      workerIds: [],
      busy: new Set(),
    });
  }

  /**
   * Sends a job of a registered type on a cron (minute hour day month weekday) read in Asia/Jakarta, on the wall clock,
   * once a fire across processes (sendDueFires); the handler takes the business date from `context.businessDate` (the
   * injected clock), so tests set their clock and call `trigger(type)` instead of waiting for the cron.
   */
  schedule<P extends object>(type: JobType<P>, cron: string, payload: P): void {
    if (!this.registrations.has(type.name))
      throw new Error(`job ${type.name} scheduled before it is registered`);
    this.schedules.set(type.name, { type: type as JobType<object>, cron, payload });
  }

  async start(): Promise<void> {
    // Creates or migrates pg-boss's schema when needed (the tests' template database already holds it).
    await this.boss.start();
    const existing = new Map((await this.boss.getQueues()).map((q) => [q.name, q]));
    for (const { type } of this.registrations.values()) {
      const options = { ...queueOptions(type), name: type.name, policy: 'standard' as const };
      const queue = existing.get(type.name);
      if (!queue) await this.boss.createQueue(type.name, options);
      else if (
        queue.retryLimit !== options.retryLimit ||
        queue.retryDelay !== options.retryDelay ||
        queue.retryBackoff !== options.retryBackoff ||
        queue.expireInSeconds !== options.expireInSeconds
      )
        await this.boss.updateQueue(type.name, options);
    }
    this.started = true;
    if (!this.options.workers) return;
    for (const registration of this.registrations.values()) {
      for (let i = 0; i < registration.concurrency; i++) await this.startWorker(registration);
    }
    this.scheduleLook();
    // Schedules removed from the code are removed from the database (every schedule belongs to this app); unchanged
    // ones are left alone, so a start writes nothing.
    const stored = new Map((await this.boss.getSchedules()).map((row) => [row.name, row]));
    for (const name of stored.keys()) if (!this.schedules.has(name)) await this.boss.unschedule(name);
    for (const { type, cron, payload } of this.schedules.values()) {
      const row = stored.get(type.name);
      const options = { ...queueOptions(type), tz: JOB_TIME_ZONE };
      const same =
        row?.cron === cron &&
        (row as StoredSchedule).timezone === JOB_TIME_ZONE &&
        flatJson(row.data) === flatJson(payload) &&
        flatJson(row.options) === flatJson(options);
      if (!same) await this.boss.schedule(type.name, cron, payload, options);
    }
    if (this.options.cron !== false) this.lookForFires(0);
  }

  /** Started and not stopped: its queues exist and, in a working process, its workers take jobs (GET /ready). */
  get running(): boolean {
    return this.started;
  }

  /** Stops taking jobs, lets running ones finish (up to 8 s), and leaves the database open for its owner to close. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const deadline = Date.now() + STOP_GRACE_MS;
    clearTimeout(this.lookTimer);
    clearTimeout(this.fireTimer);
    // A look hung on a database that went away must not hold the shutdown past its grace.
    if (this.looking) await Promise.race([this.looking, sleep(STOP_GRACE_MS)]);
    if (this.firing) await Promise.race([this.firing, sleep(STOP_GRACE_MS)]);
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS, close: false });
    // pg-boss's grace misses a job fetched while it was stopping (the fetch was in flight) and does not await a done
    // job's completion: wait for those too, so nothing runs on the database after the caller closes it.
    const busy = () => [...this.registrations.values()].some((r) => r.busy.size > 0);
    while ((this.inFlight.size > 0 || busy()) && Date.now() < deadline)
      await Promise.race([Promise.allSettled([...this.inFlight]), sleep(10)]);
    this.stopped = true;
  }

  /** Enqueues a job; answers its id, or null when `key` was sent before. */
  async send<P extends object>(
    type: JobType<P>,
    payload: P,
    options: SendOptions = {},
  ): Promise<string | null> {
    if (!this.registrations.has(type.name)) throw new Error(`job ${type.name} is not registered`);
    const data = type.payload.parse(payload);
    return this.boss.send(type.name, data, {
      ...queueOptions(type),
      ...(options.key !== undefined
        ? { id: keyedJobId(type.name, options.key), singletonKey: options.key }
        : {}),
      // Operational delay, compared by pg-boss with the database's clock (not business time). An absolute instant also
      // keeps pg-boss's start_after parameter a timestamp in the transaction executor.
      ...(options.delaySeconds ? { startAfter: new Date(Date.now() + options.delaySeconds * 1000) } : {}),
      ...(options.tx ? { db: transactionExecutor(options.tx) } : {}),
    });
  }

  /**
   * Makes one idle worker of a type in this process look for jobs now instead of at the runner's next look: call after
   * the transaction that enqueued commits. One, because waking them all for one job makes all but one fetch for nothing
   * (on PGlite those fetches queue behind each other). Busy workers look again when they finish; jobs enqueued by
   * another process are found at the next look.
   */
  wake<P extends object>(type: JobType<P>): void {
    const registration = this.registrations.get(type.name);
    const idle = registration?.workerIds.find((id) => !registration.busy.has(id));
    if (idle) this.boss.notifyWorker(idle);
  }

  /**
   * Wakes, in each queue with jobs waiting, as many workers as there are jobs, idle ones first. A worker marked busy may
   * not be: pg-boss gives up on a handler that outlives the job's expiry and goes back to fetching while the handler
   * still runs; waking a worker that is really busy costs nothing (it looks again when its job ends).
   */
  private wakeFor(waitingByQueue: Map<string, number>): void {
    for (const [name, waiting] of waitingByQueue) {
      const registration = this.registrations.get(name);
      if (!registration || waiting === 0) continue;
      const { workerIds, busy } = registration;
      const idleFirst = [
        ...workerIds.filter((id) => !busy.has(id)),
        ...workerIds.filter((id) => busy.has(id)),
      ];
      for (const id of idleFirst.slice(0, waiting)) this.boss.notifyWorker(id);
    }
  }

  private scheduleLook(): void {
    // stop() may have run while start() was still starting workers.
    if (!this.started) return;
    this.lookTimer = setTimeout(() => {
      this.looking = this.look().finally(() => {
        this.looking = undefined;
        if (this.started) this.scheduleLook();
      });
    }, this.options.pollSeconds * 1000);
  }

  private async look(): Promise<void> {
    try {
      this.wakeFor(await this.repo.waitingByQueue());
    } catch (error) {
      // The database may be briefly away: the next look tries again (and each worker's own poll remains).
      this.options.log.warn({ err: error }, 'looking for due jobs failed');
    }
  }

  private lookForFires(delayMs: number): void {
    if (!this.started) return;
    this.fireTimer = setTimeout(() => {
      this.firing = this.sendDueFires()
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'looking for due schedules failed'))
        .finally(() => {
          this.firing = undefined;
          this.lookForFires((this.options.cronLookSeconds ?? 30) * 1000);
        });
    }, delayMs);
  }

  /**
   * Sends each stored schedule's latest fire (see latestFire) as a job keyed by the fire: a fire already sent by any
   * process, or by an earlier look, is not sent again. Schedules are read from the table at each look, so an operator's
   * change to a cron applies without a restart. Answers how many jobs it sent.
   */
  async sendDueFires(now = new Date()): Promise<number> {
    let sent = 0;
    for (const row of (await this.boss.getSchedules()) as StoredSchedule[]) {
      // A schedule a newer version of the app added: its own processes send it.
      const registration = this.registrations.get(row.name);
      const fire = registration && latestFire(row.cron, row.timezone ?? JOB_TIME_ZONE, now);
      if (!registration || !fire) continue;
      if (await this.send(registration.type, row.data ?? {}, { key: fireKey(fire) })) {
        sent++;
        this.wake(registration.type);
      }
    }
    return sent;
  }

  /** Sends a scheduled job now with its scheduled payload, as its cron would (tests, operations). */
  async trigger<P extends object>(type: JobType<P>): Promise<string | null> {
    const schedule = this.schedules.get(type.name);
    if (!schedule) throw new Error(`job ${type.name} has no schedule`);
    const id = await this.send(type, schedule.payload as P);
    this.wake(type);
    return id;
  }

  /**
   * Resolves once no job is running or due (retries waiting out their backoff do not count). For tests and the bench:
   * the request that enqueued a message has answered, and its delivery is about to have happened.
   */
  async whenIdle(timeoutMs = 10_000): Promise<void> {
    if (!this.options.workers) throw new Error('this process runs no job workers');
    const deadline = Date.now() + timeoutMs;
    // Checks often at first (a delivery takes milliseconds), then less, so the checks do not slow the jobs down on
    // PGlite's one connection.
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const load = await this.repo.dueByQueue();
      if (load.size === 0) return;
      if (Date.now() > deadline) {
        // Says which jobs and in which state, so a timeout on a loaded CI machine can be told apart from a lost job.
        const due = await this.repo.list(['created', 'retry', 'active'], 10);
        const seen = due.map(
          (j) => `${j.name} ${j.state} try ${j.attempts} started ${j.startedOn?.toISOString() ?? '-'}`,
        );
        throw new Error(`jobs still due or running after ${timeoutMs} ms: ${seen.join('; ')}`);
      }
      this.wakeFor(new Map([...load].map(([name, { waiting }]) => [name, waiting])));
      await sleep(pause);
    }
  }

  /** pg-boss's maintenance pass (expire hung jobs, archive old ones) now instead of at its interval. */
  maintain(): Promise<void> {
    return this.boss.maintain();
  }

  /** The newest jobs in the given states, for /dev/jobs. */
  list(states: readonly JobListing['state'][], limit: number): Promise<JobListing[]> {
    return this.repo.list(states, limit);
  }

  private async startWorker(registration: Registration): Promise<void> {
    const self = { id: '' };
    self.id = await this.boss.work<object>(
      registration.type.name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: Math.max(WORKER_FALLBACK_POLL_SECONDS, this.options.pollSeconds),
      },
      async ([job]) => {
        if (!job) return;
        // A fetch that was in flight when stop() began still hands over a job: give it back as a failed try (retried
        // after its backoff, by this process's next start or another one) rather than start it on a database that is
        // about to close.
        if (!this.started) throw new Error('job runner stopping: job handed back');
        registration.busy.add(self.id);
        try {
          await this.run(registration, job);
        } finally {
          registration.busy.delete(self.id);
          // pg-boss sleeps a whole poll interval after each batch: there may be more, so look again at once.
          if (self.id) this.boss.notifyWorker(self.id);
        }
      },
    );
    registration.workerIds.push(self.id);
  }

  private async run(registration: Registration, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const now = this.clock.now();
    const context: JobContext = {
      id: job.id,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
      now,
      businessDate: businessDateAt(now),
    };
    try {
      await registration.handler(registration.type.payload.parse(job.data), context);
    } catch (error) {
      // pg-boss records the error on the job (shown on /dev/jobs) and retries it per the type's policy.
      this.options.log.warn(
        { err: error, job: registration.type.name, jobId: job.id, attempt: context.attempt },
        context.lastAttempt ? 'job failed for good' : 'job failed, will retry',
      );
      throw error;
    }
  }
}

/** A flat object as JSON with sorted keys (jsonb does not keep key order). */
function flatJson(value: object | undefined): string {
  return JSON.stringify(value ?? {}, Object.keys(value ?? {}).sort());
}

function queueOptions(type: JobType<object>) {
  return {
    retryLimit: type.retry.limit,
    retryDelay: type.retry.delaySeconds,
    retryBackoff: type.retry.backoff,
    expireInSeconds: type.expireInSeconds,
  };
}

/** A job id derived from its type and idempotency key: pg-boss inserts with ON CONFLICT DO NOTHING on (name, id). */
export function keyedJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  // Shaped as a UUID (version 8: custom) so pg-boss's uuid column takes it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
