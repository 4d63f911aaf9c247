import type { DataCipher } from '../../security/data-cipher.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { LookupHasher } from '../../security/lookup-hasher.ts';
import type { StoredContact, borrowerProfiles } from './profile-schema.ts';

type StoredProfileRow = typeof borrowerProfiles.$inferSelect;

/**
 * The personal fields of a profile kept encrypted, each with its column and the purpose its values are bound to
 * (security/encrypted-columns.ts registers the same pairs for key rotation).
 */
export const PROFILE_TEXT_FIELDS = {
  name: { column: 'nameEnc', purpose: 'borrower_profiles.name' },
  birthDate: { column: 'birthDateEnc', purpose: 'borrower_profiles.birth_date' },
  motherMaidenName: { column: 'motherMaidenNameEnc', purpose: 'borrower_profiles.mother_maiden_name' },
  address: { column: 'addressEnc', purpose: 'borrower_profiles.address' },
  email: { column: 'emailEnc', purpose: 'borrower_profiles.email' },
  companyName: { column: 'companyNameEnc', purpose: 'borrower_profiles.company_name' },
  companyPhone: { column: 'companyPhoneEnc', purpose: 'borrower_profiles.company_phone' },
  companyAddress: { column: 'companyAddressEnc', purpose: 'borrower_profiles.company_address' },
} as const;

export const CONTACTS_PURPOSE = 'borrower_profiles.contacts';
/** The purpose of the name words' keyed hashes (never of an encryption). */
export const NAME_WORDS_PURPOSE = 'borrower_profiles.name_words';

type TextField = keyof typeof PROFILE_TEXT_FIELDS;
type SealedColumn = (typeof PROFILE_TEXT_FIELDS)[TextField]['column'] | 'contactsEnc' | 'nameWordHashes';

/** A profile as the app reads it: the encrypted columns opened under their plain names. */
export type BorrowerProfileRow = Omit<StoredProfileRow, SealedColumn> & {
  [F in TextField]: string | null;
} & { contacts: StoredContact[] | null };

/** What a save may change, in plain values; ProfileRepository seals them. */
export type ProfileChanges = Partial<Omit<BorrowerProfileRow, 'userId' | 'createdAt'>>;

export type StoredProfileChanges = Partial<
  Omit<typeof borrowerProfiles.$inferInsert, 'userId' | 'createdAt'>
>;

const TEXT_FIELDS = Object.entries(PROFILE_TEXT_FIELDS) as [
  TextField,
  (typeof PROFILE_TEXT_FIELDS)[TextField],
][];

/** The words a name is found by: upper-case as on the KTP, split on anything that is not a letter or digit. */
export function nameWords(name: string): string[] {
  return [...new Set(name.toUpperCase().split(/[^\p{L}\p{N}]+/u))].filter(Boolean);
}

/** One word hash per word of `name`: the back office's name search matches whole words, in any order. */
export function nameWordHashes(lookup: LookupHasher, name: string): string[] {
  return nameWords(name).map((word) => lookup.hash(NAME_WORDS_PURPOSE, word));
}

function open(cipher: DataCipher, purpose: string, userId: string, value: string | null): string | null {
  return value === null ? null : cipher.decryptField(value, fieldContext(purpose, userId));
}

/** The KTP name of a row read by another module (a list, a report), decrypted; null before the KTP step. */
export function openProfileName(cipher: DataCipher, userId: string, nameEnc: string | null): string | null {
  return open(cipher, PROFILE_TEXT_FIELDS.name.purpose, userId, nameEnc);
}

/** The stored row with every personal field decrypted. */
export function openProfile(cipher: DataCipher, row: StoredProfileRow): BorrowerProfileRow {
  const { contactsEnc, nameWordHashes: _hashes, ...rest } = row;
  const opened: Record<string, unknown> = { ...rest };
  for (const [field, { column, purpose }] of TEXT_FIELDS) {
    delete opened[column];
    opened[field] = open(cipher, purpose, row.userId, row[column]);
  }
  const contacts = open(cipher, CONTACTS_PURPOSE, row.userId, contactsEnc);
  opened.contacts = contacts === null ? null : (JSON.parse(contacts) as StoredContact[]);
  return opened as BorrowerProfileRow;
}

/**
 * The columns a save writes: each plain personal field given is encrypted (null stays null), the name's word hashes
 * follow the name, every other field passes as it is.
 */
export function sealProfileChanges(
  protection: { cipher: DataCipher; lookup: LookupHasher },
  userId: string,
  changes: ProfileChanges,
): StoredProfileChanges {
  const { cipher, lookup } = protection;
  const seal = (purpose: string, value: string | null) =>
    value === null ? null : cipher.encryptField(value, fieldContext(purpose, userId));
  const { contacts, ...rest } = changes;
  const sealed: Record<string, unknown> = { ...rest };
  for (const [field, { column, purpose }] of TEXT_FIELDS) {
    const value = changes[field];
    delete sealed[field];
    if (value !== undefined) sealed[column] = seal(purpose, value);
  }
  const { name } = changes;
  if (name !== undefined) sealed.nameWordHashes = name === null ? null : nameWordHashes(lookup, name);
  if (contacts !== undefined)
    sealed.contactsEnc = contacts === null ? null : seal(CONTACTS_PURPOSE, JSON.stringify(contacts));
  return sealed as StoredProfileChanges;
}
