/**
 * Statuses that only move forward. Providers do not promise order: a PENDING sent before COMPLETED can arrive after
 * it (retries, parallel queues), and applying it would move money state backwards. Stages are ranked; statuses in
 * one stage are siblings (COMPLETED and FAILED are both final) and never replace each other.
 *
 * Use `predecessorsOf(to)` in the UPDATE itself (`... WHERE id = $1 AND status IN (predecessors)`), so the check and
 * the write are one statement and a concurrent callback cannot slip between them; no row updated means "ignored".
 */
export class MonotonicStatus<S extends string> {
  private readonly rank: ReadonlyMap<S, number>;

  constructor(stages: ReadonlyArray<S | readonly S[]>) {
    const rank = new Map<S, number>();
    stages.forEach((stage, index) => {
      for (const status of typeof stage === 'string' ? [stage] : stage) {
        if (rank.has(status)) throw new Error(`status ${status} is listed twice`);
        rank.set(status, index);
      }
    });
    this.rank = rank;
  }

  /** Every known status, in stage order. */
  get statuses(): S[] {
    return [...this.rank.keys()];
  }

  isStatus(value: string): value is S {
    return this.rank.has(value as S);
  }

  /** True only for a move to a later stage: same status, siblings and earlier stages are refused. */
  canMove(from: S, to: S): boolean {
    return this.rankOf(to) > this.rankOf(from);
  }

  /** The statuses a row may hold for `to` to be applied. */
  predecessorsOf(to: S): S[] {
    const target = this.rankOf(to);
    return this.statuses.filter((s) => this.rankOf(s) < target);
  }

  private rankOf(status: S): number {
    const rank = this.rank.get(status);
    if (rank === undefined) throw new Error(`unknown status ${status}`);
    return rank;
  }
}
