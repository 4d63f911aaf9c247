import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import type { DbOrTx } from '../../src/db/client.ts';
import { openRecipient } from '../../src/jobs/outbox-recipient.ts';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import { openPhone } from '../../src/modules/user/user-phone-schema.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import { phoneLookupHash } from '../../src/security/phone-lookup.ts';

// Phones are stored sealed (users.phone_enc/phone_hash, message_outbox.recipient_enc/recipient_hash): tests find rows
// by a number the way the app does, through its keyed hash, and read numbers back with the app's keys.

/** The keyed hash a number (0812... or 62812...) is stored under. */
export function phoneHash(app: FastifyInstance, phone: string): string {
  return phoneLookupHash(app.infra.dataProtection.lookup, normalisePhone(phone) ?? phone);
}

/** The users row of a number. */
export async function userByPhone(app: FastifyInstance, db: DbOrTx, phone: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.phoneHash, phoneHash(app, phone)));
  return row;
}

/** A borrower's number (62...), read back from their row. */
export async function phoneOfUser(app: FastifyInstance, db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return openPhone(app.infra.dataProtection.cipher, row.id, row.phoneEnc);
}

/** The condition "sent to this number" on the outbox. */
export function sentTo(app: FastifyInstance, phone: string) {
  return eq(messageOutbox.recipientHash, phoneHash(app, phone));
}

/** The number an outbox row went to; null once erased. */
export function recipientOf(
  app: FastifyInstance,
  row: { id: string; recipientEnc: string | null },
): string | null {
  return openRecipient(app.infra.dataProtection.cipher, row);
}
