import { fieldContext, type DataCipher } from '../security/data-cipher.ts';

/** The purpose of `message_outbox.recipient_enc` (its lookup hash is security/phone-lookup.ts's). */
export const RECIPIENT_PURPOSE = 'message_outbox.recipient';

/** A message's recipient (62...), encrypted to its outbox row. */
export function sealRecipient(cipher: DataCipher, messageId: string, recipient: string): string {
  return cipher.encryptField(recipient, fieldContext(RECIPIENT_PURPOSE, messageId));
}

/** The recipient of an outbox row read by any module; null once erased (personal-data/retention-eraser.ts). */
export function openRecipient(
  cipher: DataCipher,
  row: { id: string; recipientEnc: string | null },
): string | null {
  return row.recipientEnc === null
    ? null
    : cipher.decryptField(row.recipientEnc, fieldContext(RECIPIENT_PURPOSE, row.id));
}
