import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Db } from '../../db/client.ts';
import type { Paging } from '../../db/paging.ts';
import { openRecipient } from '../../jobs/outbox-recipient.ts';
import type { OutboxStatus } from '../../jobs/outbox-repository.ts';
import type { DataCipher } from '../../security/data-cipher.ts';
import type { CareRepository, OutboxFilter } from './care-repository.ts';

/** Sign-in and reset codes, amounts and account digits: any run of 4 or more digits is hidden from staff. */
export function maskCodes(text: string): string {
  return text.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));
}

/** An erased recipient (a closed account's, retention-eraser.ts) shows as erased. */
const maskRecipient = (phone: string | null) => (phone === null ? '(erased)' : maskPhone(phone));

/** The first instant of a Jakarta day (UTC+7, no daylight saving). */
const jakartaDayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);
const DAY_MS = 86_400_000;

/** The outbox as staff read it: what was sent to whom (masked), when and how it went, never a code. */
export class MessagesDeskService {
  constructor(private readonly deps: { db: Db; care: CareRepository; cipher: DataCipher }) {}

  async list(
    query: { user_id?: string | undefined; kind?: string | undefined; status?: string | undefined },
    days: { from?: string | undefined; to?: string | undefined },
    paging: Paging,
  ) {
    const filter: OutboxFilter = {
      userId: query.user_id,
      kind: query.kind,
      status: query.status,
      from: days.from ? jakartaDayStart(days.from) : undefined,
      to: days.to ? new Date(jakartaDayStart(days.to).getTime() + DAY_MS) : undefined,
    };
    const { rows, total } = await this.deps.care.outbox(this.deps.db, filter, paging);
    return {
      total,
      items: rows.map(({ message, kind, userId }) => ({
        id: message.id,
        kind,
        channel: message.channel,
        recipient_masked: maskRecipient(openRecipient(this.deps.cipher, message)),
        user_id: userId,
        status: message.status as OutboxStatus,
        attempts: message.attempts,
        last_error: message.lastError,
        text: message.body === null ? null : maskCodes(message.body),
        created_at: message.createdAt.toISOString(),
        sent_at: message.sentAt?.toISOString() ?? null,
      })),
    };
  }
}
