/** Why a queued task did not run to its end. */
export type QueueRefusal = 'busy' | 'closed' | 'timeout';

/**
 * One task at a time for an engine that computes on this thread or one worker (OCR, face check): tasks wait their
 * turn, at most `maxWaiting` of them (more are refused at once rather than queued for minutes), and each is answered
 * within `timeoutMs` of being queued, waiting included: that is what the caller waits. A task that times out keeps
 * running (a WASM call cannot be interrupted); the next starts only once it ends, so the engine never runs two at once.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private closed = false;

  constructor(
    private readonly options: { maxWaiting: number; timeoutMs: number },
    /** `running`: a timed-out task had started (it may still be computing) rather than waited its whole time. */
    private readonly refuse: (reason: QueueRefusal, detail: string, running: boolean) => Error,
  ) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(this.refuse('closed', 'the engine is shut down', false));
    if (this.waiting >= this.options.maxWaiting)
      return Promise.reject(this.refuse('busy', `${this.waiting} tasks already waiting`, false));
    this.waiting += 1;
    const state = { running: false };
    const started = this.tail.then(() => {
      this.waiting -= 1;
      state.running = true;
      return task();
    });
    this.tail = started.catch(() => {});
    return this.withTimeout(started, state);
  }

  /** Refuses new tasks and waits for those queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
  }

  private async withTimeout<T>(started: Promise<T>, state: { running: boolean }): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(this.refuse('timeout', `no answer in ${this.options.timeoutMs} ms`, state.running)),
        this.options.timeoutMs,
      );
    });
    try {
      return await Promise.race([started, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
