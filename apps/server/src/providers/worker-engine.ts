import { Worker } from 'node:worker_threads';
import { SerialQueue, type QueueRefusal } from './serial-queue.ts';

/** Why an engine task failed: the queue's refusals, or the engine itself (not the borrower's input). */
export type EngineFailure = QueueRefusal | 'engine';

export interface WorkerEngineOptions<E extends Error> {
  /**
   * The worker's module. It posts 'ready' once its models are loaded, then answers each `{ id, ...request }` with
   * `{ id, result }` or `{ id, error }` (face-api-worker.mjs, human-liveness-worker.mjs).
   */
  url: URL;
  workerData?: unknown;
  /** Named in errors: "the face engine". */
  name: string;
  timeoutMs: number;
  maxWaiting: number;
  /** The provider's own error, so its callers keep catching what they catch (FaceCheckError, LivenessError). */
  Failure: new (reason: EngineFailure, options?: { cause?: unknown }) => E;
}

/**
 * An engine in a worker thread, started on its first task (building the app costs nothing) or by `start()`: one task
 * at a time (SerialQueue), each answered within its time budget. A task that times out while computing may go on (a
 * WASM call cannot be interrupted), so its worker is stopped and the next task starts a fresh one; so is a worker
 * that exits.
 */
export class WorkerEngine<E extends Error> {
  private worker: Promise<Worker> | null = null;
  /** The thread `worker` resolves to (or will), to tell whether an exit is the current worker's. */
  private current: Worker | null = null;
  private nextId = 0;
  private readonly queue: SerialQueue;

  constructor(private readonly options: WorkerEngineOptions<E>) {
    this.queue = new SerialQueue(options, (reason, detail, running) => {
      // Only a task that was computing holds the worker; one that timed out waiting leaves the running one alone.
      if (reason === 'timeout' && running) void this.stopWorker();
      return new options.Failure(reason, { cause: new Error(detail) });
    });
  }

  /** Loads the models now rather than on the first task (a benchmark's warm-up, or at boot). */
  async start(): Promise<void> {
    await this.queue.run(() => this.ensureWorker());
  }

  /** Runs `task` in its turn; what it throws that is not already the provider's error is an engine failure. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      try {
        return await task();
      } catch (error) {
        throw error instanceof this.options.Failure
          ? error
          : new this.options.Failure('engine', { cause: error });
      }
    });
  }

  /** One request to the worker, from inside a task; `transfer`: buffers moved to the worker rather than copied. */
  async ask<R>(request: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<R> {
    const worker = await this.ensureWorker();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      const onMessage = (message: { id: number; result?: R; error?: string }) => {
        if (message.id !== id) return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        if (message.result !== undefined) resolve(message.result);
        else reject(new this.options.Failure('engine', { cause: new Error(message.error) }));
      };
      const onExit = () => {
        worker.off('message', onMessage);
        reject(new this.options.Failure('engine', { cause: new Error(`${this.options.name} stopped`) }));
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  /** Refuses new tasks, waits for those queued, and stops the worker. */
  async close(): Promise<void> {
    await this.queue.close();
    await this.stopWorker();
  }

  private ensureWorker(): Promise<Worker> {
    this.worker ??= this.startWorker().catch((error: unknown) => {
      this.worker = null; // the next task tries again
      throw new this.options.Failure('engine', { cause: error });
    });
    return this.worker;
  }

  private startWorker(): Promise<Worker> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(this.options.url, { workerData: this.options.workerData });
      worker.once('message', (message) =>
        message === 'ready' ? resolve(worker) : reject(new Error('bad start')),
      );
      worker.once('error', reject);
      worker.once('exit', (code) => {
        reject(new Error(`${this.options.name} exited (${code}) while starting`));
        // A worker that dies, started or not, is forgotten: the next task starts a fresh one.
        if (this.current === worker) {
          this.current = null;
          this.worker = null;
        }
      });
      this.current = worker;
    });
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.current = null;
    if (!worker) return;
    await worker.then(
      (w) => w.terminate(),
      () => {}, // it never started
    );
  }
}
