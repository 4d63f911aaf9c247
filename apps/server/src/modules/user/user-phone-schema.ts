import { fieldContext, type DataCipher } from '../../security/data-cipher.ts';
import type { LookupHasher } from '../../security/lookup-hasher.ts';
import { phoneLookupHash } from '../../security/phone-lookup.ts';

/** The purpose of `users.phone_enc` (its lookup hash is security/phone-lookup.ts's). */
export const USER_PHONE_PURPOSE = 'users.phone';

/** The two columns that hold a borrower's phone: the number encrypted to its row, and its lookup hash. */
export function sealPhone(
  protection: { cipher: DataCipher; lookup: LookupHasher },
  userId: string,
  phone: string,
): { phoneEnc: string; phoneHash: string } {
  return {
    phoneEnc: protection.cipher.encryptField(phone, fieldContext(USER_PHONE_PURPOSE, userId)),
    phoneHash: phoneLookupHash(protection.lookup, phone),
  };
}

/** The phone of a users row read by any module (a list, a reminder, a report). */
export function openPhone(cipher: DataCipher, userId: string, phoneEnc: string): string {
  return cipher.decryptField(phoneEnc, fieldContext(USER_PHONE_PURPOSE, userId));
}
