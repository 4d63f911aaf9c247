import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import type { JobRunner } from './job-runner.ts';
import type { JobContext } from './job-type.ts';
import { OUTBOX_DELIVERY, OUTBOX_SWEEP, OUTBOX_SWEEP_CRON } from './outbox-jobs.ts';
import type { DataCipher } from '../security/data-cipher.ts';
import { openRecipient } from './outbox-recipient.ts';
import type { OutboxChannel, OutboxRepository } from './outbox-repository.ts';

/** Messages still pending after this long are given up (and their body dropped) by the sweep. */
export const OUTBOX_GIVE_UP_SECONDS = 60 * 60;

export interface OutboxMessage {
  channel: OutboxChannel;
  /** Normalised phone (62...). */
  recipient: string;
  body: string;
  /** Stable for this message (e.g. `sms-code:<code id>`): writing it twice stores and sends it once. */
  idempotencyKey: string;
  /**
   * False: record the message as withheld and enqueue its (no-op) delivery, but never store the body or send it.
   * The reset code for an unknown phone is withheld, so that request does exactly the work of a real one.
   */
  deliver: boolean;
}

/** The gateways per channel; a channel without one is refused when a message is written. */
export interface MessageSenders {
  sms: SmsProvider;
  whatsapp?: SmsProvider;
}

/**
 * The transactional outbox (architecture rule 12): a message is written in the transaction of the change that causes
 * it, with the job that delivers it, and sent after commit. No request waits for a gateway, and a rolled-back change
 * sends nothing.
 */
export class OutboxService {
  constructor(
    private readonly db: Db,
    private readonly repo: OutboxRepository,
    private readonly jobs: JobRunner,
    private readonly senders: MessageSenders,
    private readonly clock: Clock,
    private readonly cipher: DataCipher,
  ) {}

  /** Writes a message and its delivery job in the caller's transaction; call `wake()` after it commits. */
  async enqueue(tx: Tx, message: OutboxMessage): Promise<void> {
    if (!this.senders[message.channel]) throw new Error(`no ${message.channel} gateway is configured`);
    const messageId = await this.repo.insert(tx, {
      channel: message.channel,
      recipient: message.recipient,
      body: message.deliver ? message.body : null,
      status: message.deliver ? 'pending' : 'withheld',
      idempotencyKey: message.idempotencyKey,
      now: this.clock.now(),
    });
    await this.jobs.send(OUTBOX_DELIVERY, { messageId }, { tx, key: messageId });
  }

  /** Starts the delivery of messages committed just now, instead of at the workers' next poll. */
  wake(): void {
    this.jobs.wake(OUTBOX_DELIVERY);
  }

  /**
   * The delivery job: sends a pending message once and drops its body. Withheld, sent or given-up messages are left
   * alone, so a repeated job does nothing. A gateway error is recorded and thrown, so pg-boss retries; after the last
   * try the message is failed and its body dropped.
   */
  async deliver(messageId: string, context: JobContext): Promise<void> {
    const message = await this.repo.claim(this.db, messageId, context.now);
    if (!message) return;
    const sender = this.senders[message.channel as OutboxChannel];
    try {
      if (!sender) throw new Error(`no ${message.channel} gateway is configured`);
      if (message.body === null) throw new Error('pending message without a body');
      const to = openRecipient(this.cipher, message);
      if (to === null) throw new Error('pending message without a recipient');
      await sender.send({
        channel: message.channel as OutboxChannel,
        to,
        text: message.body,
        reference: message.idempotencyKey,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.repo.recordFailure(
        this.db,
        messageId,
        reason.slice(0, 500),
        context.lastAttempt,
        this.clock.now(),
      );
      throw error;
    }
    await this.repo.markSent(this.db, messageId, this.clock.now());
  }

  /** The sweep job: gives up messages pending for more than an hour. */
  sweep(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - OUTBOX_GIVE_UP_SECONDS * 1000);
    return this.repo.failPendingBefore(this.db, cutoff, 'not delivered within an hour', now);
  }
}

/** The outbox's delivery and sweep handlers, and the sweep's schedule. */
export function registerOutboxJobs(jobs: JobRunner, outbox: OutboxService): void {
  jobs.register(OUTBOX_DELIVERY, ({ messageId }, context) => outbox.deliver(messageId, context), {
    // A slow gateway must not hold up the next code: a few deliveries run side by side.
    concurrency: 4,
  });
  jobs.register(OUTBOX_SWEEP, async (_payload, context) => {
    await outbox.sweep(context.now);
  });
  jobs.schedule(OUTBOX_SWEEP, OUTBOX_SWEEP_CRON, {});
}
