import { desc, eq } from 'drizzle-orm';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema.ts';
import type { MessagingProvider, OutgoingMessage, SendReceipt } from '../messaging/messaging-provider.ts';

export type OutboxRow = typeof smsOutbox.$inferSelect;

/**
 * Development messaging (SMS and WhatsApp): every message is stored in the database with its channel and shown by
 * GET /api/dev/outbox and the /dev/outbox page. Never delivers.
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
      code: message.code ?? null,
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
