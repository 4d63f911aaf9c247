import type { LookupHasher } from './lookup-hasher.ts';

/**
 * The keyed hash of a phone number wherever one is stored: the borrower's (users.phone_hash), a message's recipient
 * (message_outbox.recipient_hash) and a sign-in code's (sms_codes.phone_hash). One purpose for all three on purpose:
 * they are the same kind of value and are joined on equality (the messages sent to a borrower's number). Callers pass
 * the normalised number (62..., validation/phone.ts).
 */
export const PHONE_LOOKUP_PURPOSE = 'users.phone';

export function phoneLookupHash(lookup: LookupHasher, phone: string): string {
  return lookup.hash(PHONE_LOOKUP_PURPOSE, phone);
}
