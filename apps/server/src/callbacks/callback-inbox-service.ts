import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { CallbackOutcome, ReadCallback } from './callback-endpoint.ts';
import { CallbackInboxRepository } from './callback-inbox-repository.ts';

export type InboxResult =
  /** First time seen: the handler ran and committed with the inbox row. */
  | { kind: 'processed'; outcome: CallbackOutcome }
  /** Seen before with the same body: a provider retry, acknowledged, nothing changed. */
  | { kind: 'replay' }
  /** Seen before with a different body: suspicious (a reused id, or a forgery with a leaked secret); not applied. */
  | { kind: 'conflict' };

/**
 * The inbox (architecture rule 12): a callback's business change commits in the same transaction as its inbox row,
 * so an event is applied exactly once however often, and however concurrently, the provider sends it.
 */
export class CallbackInboxService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly repo = new CallbackInboxRepository(),
  ) {}

  /** Throws what the handler throws, after the rollback. */
  async receive(
    provider: string,
    callback: ReadCallback,
    received: { bodyHash: string; receivedAt: Date },
  ): Promise<InboxResult> {
    const { event } = callback;
    return this.db.transaction(async (tx): Promise<InboxResult> => {
      // Provisional outcome and time: the row exists first so that it is what a concurrent copy waits on.
      const claimed = await this.repo.claim(tx, {
        provider,
        eventId: event.eventId,
        type: event.type,
        bodyHash: received.bodyHash,
        occurredAt: event.occurredAt ?? null,
        receivedAt: received.receivedAt,
        processedAt: received.receivedAt,
        outcome: 'applied',
      });
      if (!claimed) {
        const first = await this.repo.find(tx, provider, event.eventId);
        return first?.bodyHash === received.bodyHash ? { kind: 'replay' } : { kind: 'conflict' };
      }
      const outcome = (await callback.handle(tx, { now: this.clock.now() })) ?? 'applied';
      await this.repo.finish(tx, provider, event.eventId, outcome, this.clock.now());
      return { kind: 'processed', outcome };
    });
  }
}
