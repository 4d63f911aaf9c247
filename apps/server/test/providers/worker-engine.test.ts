import { afterEach, describe, expect, it } from 'vitest';
import type { EngineFailure } from '../../src/providers/worker-engine.ts';
import { WorkerEngine } from '../../src/providers/worker-engine.ts';

// The shared plumbing of the face and liveness engines on a stand-in worker that sleeps, then answers its thread id:
// which task runs on which worker shows when a worker was stopped and a fresh one started.
class SleepyError extends Error {
  constructor(
    readonly reason: EngineFailure,
    options?: { cause?: unknown },
  ) {
    super(`sleepy: ${reason}`, options);
  }
}

const engines: WorkerEngine<SleepyError>[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function engine(timeoutMs: number) {
  const made = new WorkerEngine({
    url: new URL('../fixtures/worker-engine/sleepy-worker.mjs', import.meta.url),
    name: 'the sleepy engine',
    timeoutMs,
    maxWaiting: 4,
    Failure: SleepyError,
  });
  engines.push(made);
  return made;
}

const sleep = (e: WorkerEngine<SleepyError>, ms: number) => e.run(() => e.ask<number>({ ms }));

describe('an engine in a worker thread', () => {
  it('runs tasks one at a time on one worker', async () => {
    const e = engine(5_000);
    const threads = await Promise.all([sleep(e, 50), sleep(e, 50), sleep(e, 50)]);
    expect(new Set(threads).size).toBe(1);
  });

  it('stops a worker whose task timed out computing: the next task runs on a fresh one', async () => {
    const e = engine(1_500);
    const first = await sleep(e, 10);
    await expect(sleep(e, 5_000)).rejects.toMatchObject({ reason: 'timeout' });
    const next = await sleep(e, 10);
    expect(next).not.toBe(first);
  });

  it('forgets a worker that exits: the task fails as an engine failure, the next starts a fresh one', async () => {
    const e = engine(5_000);
    const first = await sleep(e, 10);
    await expect(e.run(() => e.ask({ crash: true }))).rejects.toMatchObject({ reason: 'engine' });
    const next = await sleep(e, 10);
    expect(next).not.toBe(first);
  });
});
