import { fieldContext, type DataCipher } from '../../security/data-cipher.ts';
import type { ComplaintRow } from './complaints-schema.ts';

// A complaint's text, encrypted at rest: the complaints module writes and reads it, and the personal-data module
// exports and erases it through these (a module reaches another through its service).

/** The DataCipher purpose of a complaint's text (security/encrypted-columns.ts). */
export const COMPLAINT_TEXT_PURPOSE = 'complaints.text';

export const encryptComplaintText = (cipher: DataCipher, id: string, text: string) =>
  cipher.encryptField(text, fieldContext(COMPLAINT_TEXT_PURPOSE, id));

export const complaintText = (cipher: DataCipher, row: Pick<ComplaintRow, 'id' | 'textEnc'>) =>
  cipher.decryptField(row.textEnc, fieldContext(COMPLAINT_TEXT_PURPOSE, row.id));
