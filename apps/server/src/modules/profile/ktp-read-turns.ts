import { AppError } from '../../http/app-error.ts';

/** A borrower's reads at once: one being read, one waiting (a photo retaken while the first is still uploading). */
const READS_PER_BORROWER = 2;
/** When a refused borrower may try again: about one read (the OCR engine's time-out is 10 s). */
const RETRY_AFTER_SECONDS = 10;

/**
 * KTP reads take turns per borrower in front of the OCR engine, whose one worker serves reads in arrival order. Without
 * turns, one borrower's six parallel uploads put six reads ahead of everyone else (another borrower's read took 36-48 s
 * instead of 5.7 s); with at most one read per borrower in the engine's queue, a borrower waits for at most one read of
 * each borrower ahead. Held in memory: each instance has its own engine, so fairness is per instance too.
 *
 * Hand-written (about 30 lines): queue libraries (p-queue, p-limit) limit work overall, not per key.
 */
export class KtpReadTurns {
  private readonly queues = new Map<string, { tail: Promise<unknown>; pending: number }>();

  /** Runs `read` after the borrower's earlier reads; refuses (4029) a third read at once. */
  run<T>(borrower: string, read: () => Promise<T>): Promise<T> {
    const queue = this.queues.get(borrower) ?? { tail: Promise.resolve(), pending: 0 };
    if (queue.pending >= READS_PER_BORROWER)
      return Promise.reject(new AppError('RATE_LIMITED', { retry_after: RETRY_AFTER_SECONDS }));
    this.queues.set(borrower, queue);
    queue.pending += 1;
    const turn = queue.tail.then(read);
    queue.tail = turn
      .catch(() => {})
      .finally(() => {
        queue.pending -= 1;
        if (queue.pending === 0 && this.queues.get(borrower) === queue) this.queues.delete(borrower);
      });
    return turn;
  }
}
