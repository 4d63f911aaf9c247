import { desc, eq } from 'drizzle-orm';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { SMS_CODE_LENGTH } from '@kaskita/domain/validation/sms-code';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from './dev-outbox-schema.ts';
import type { MessagingProvider, OutgoingMessage, SendReceipt } from '../messaging/messaging-provider.ts';

export type OutboxRow = typeof smsOutbox.$inferSelect;

/** The first run of exactly SMS_CODE_LENGTH digits, the way a phone's one-time-code autofill reads an SMS. */
const CODE_PATTERN = new RegExp(`(?<!\\d)\\d{${SMS_CODE_LENGTH}}(?!\\d)`);

/**
 * Development messaging (SMS and WhatsApp): the phone's side of the gateway. Every message delivered to it is stored
 * in `sms_outbox` with its channel and shown by GET /api/dev/outbox and the /dev/outbox page, with its code picked out
 * for people and browser tests. Never delivers. It is not the transactional outbox (`message_outbox`, jobs/): that one
 * holds what is still to be sent, in production too, and forgets bodies once sent; this one is what "arrived", outside
 * production only.
 */
export class DevOutboxSmsProvider implements MessagingProvider {
  readonly kind = 'messaging';
  readonly name = 'dev-outbox';
  readonly sandbox = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(message: OutgoingMessage): Promise<SendReceipt> {
    await this.db.insert(smsOutbox).values({
      channel: message.channel ?? 'sms',
      toPhone: message.to,
      text: message.text,
      code: CODE_PATTERN.exec(message.text)?.[0] ?? null,
      createdAt: this.clock.now(),
    });
    return { providerMessageId: null };
  }

  /** Newest first; `phone` in any spelling a person types (0812..., +62 812-...), or as stored when it is not a phone. */
  async list(typedPhone: string | undefined, limit = 50): Promise<OutboxRow[]> {
    const phone = typedPhone ? (normalisePhone(typedPhone) ?? typedPhone) : undefined;
    const query = this.db.select().from(smsOutbox);
    const filtered = phone ? query.where(eq(smsOutbox.toPhone, phone)) : query;
    return filtered.orderBy(desc(smsOutbox.id)).limit(limit);
  }
}
