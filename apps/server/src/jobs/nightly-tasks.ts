import type { JobContext } from './job-type.ts';

/** A piece of housekeeping that runs once a night and is idempotent for its business date (it may run twice). */
export interface NightlyTask {
  /** For the log when it fails (e.g. `personal-data.retention`). */
  readonly name: string;
  run(context: JobContext): Promise<void>;
}

/**
 * Housekeeping that rides on the nightly job already scheduled (reporting's `reporting.book-figures`, 00:30 WIB)
 * instead of a pg-boss schedule of its own each: every schedule is written at start and on the test template, and
 * one more made job tests flaky on PostgreSQL. Modules add their task while the app is wired; the nightly job runs
 * every task after its own work, each even when another fails, and then fails (to be retried) if any did.
 */
export class NightlyTasks {
  private readonly tasks: NightlyTask[] = [];

  add(task: NightlyTask): void {
    if (this.tasks.some((t) => t.name === task.name))
      throw new Error(`nightly task ${task.name} added twice`);
    this.tasks.push(task);
  }

  get names(): readonly string[] {
    return this.tasks.map((t) => t.name);
  }

  async run(context: JobContext, log: { warn(fields: object, message: string): void }): Promise<void> {
    const failed: string[] = [];
    for (const task of this.tasks) {
      try {
        await task.run(context);
      } catch (error) {
        failed.push(task.name);
        log.warn({ err: error, task: task.name }, 'nightly task failed');
      }
    }
    if (failed.length > 0) throw new Error(`nightly tasks failed: ${failed.join(', ')}`);
  }
}
