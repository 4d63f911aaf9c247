/** A text column whose values are DataCipher fields, so `npm run keys:rotate` can re-encrypt it. */
export interface EncryptedColumn {
  readonly table: string;
  /** The row id bound into each value's context: a text, uuid or integer primary key. */
  readonly idColumn: string;
  readonly column: string;
  /**
   * The context purpose the values were encrypted with, `fieldContext(purpose, id)`. Written out rather than derived
   * from the names: renaming a table must not make its values unreadable.
   */
  readonly purpose: string;
}

/**
 * Every encrypted column. A feature that stores a field with DataCipher registers it here, e.g.
 * `{ table: 'users', idColumn: 'id', column: 'nik', purpose: 'users.nik' }`; a column missing from this list would
 * keep values under a retired key after rotation and become unreadable once that key is removed.
 */
export const ENCRYPTED_COLUMNS: readonly EncryptedColumn[] = [
  { table: 'borrower_profiles', idColumn: 'user_id', column: 'nik_enc', purpose: 'borrower_profiles.nik' },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'ocr_text_enc',
    purpose: 'borrower_profiles.ocr_text',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'name_enc',
    purpose: 'borrower_profiles.name',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'birth_date_enc',
    purpose: 'borrower_profiles.birth_date',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'mother_maiden_name_enc',
    purpose: 'borrower_profiles.mother_maiden_name',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'address_enc',
    purpose: 'borrower_profiles.address',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'email_enc',
    purpose: 'borrower_profiles.email',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'company_name_enc',
    purpose: 'borrower_profiles.company_name',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'company_phone_enc',
    purpose: 'borrower_profiles.company_phone',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'company_address_enc',
    purpose: 'borrower_profiles.company_address',
  },
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    column: 'contacts_enc',
    purpose: 'borrower_profiles.contacts',
  },
  { table: 'profile_drafts', idColumn: 'id', column: 'values_enc', purpose: 'profile_drafts.values' },
  {
    table: 'bank_accounts',
    idColumn: 'id',
    column: 'account_number_enc',
    purpose: 'bank_accounts.account_number',
  },
  {
    table: 'bank_accounts',
    idColumn: 'id',
    column: 'holder_name_enc',
    purpose: 'bank_accounts.holder_name',
  },
  {
    table: 'credit_applications',
    idColumn: 'id',
    column: 'location_enc',
    purpose: 'credit_applications.location',
  },
  { table: 'staff', idColumn: 'id', column: 'totp_secret_enc', purpose: 'staff.totp_secret' },
  { table: 'complaints', idColumn: 'id', column: 'text_enc', purpose: 'complaints.text' },
  { table: 'loan_reliefs', idColumn: 'id', column: 'reason_enc', purpose: 'loan_reliefs.reason' },
  {
    table: 'correction_requests',
    idColumn: 'id',
    column: 'proposed_enc',
    purpose: 'correction_requests.proposed',
  },
  {
    table: 'correction_requests',
    idColumn: 'id',
    column: 'reason_enc',
    purpose: 'correction_requests.reason',
  },
  { table: 'account_closures', idColumn: 'user_id', column: 'phone_enc', purpose: 'account_closures.phone' },
  { table: 'users', idColumn: 'id', column: 'phone_enc', purpose: 'users.phone' },
  {
    table: 'borrower_verifications',
    idColumn: 'user_id',
    column: 'whatsapp_phone_enc',
    purpose: 'borrower_verifications.whatsapp_phone',
  },
  { table: 'message_outbox', idColumn: 'id', column: 'recipient_enc', purpose: 'message_outbox.recipient' },
];
