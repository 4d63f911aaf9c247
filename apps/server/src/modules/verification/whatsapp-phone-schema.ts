import { fieldContext, type DataCipher } from '../../security/data-cipher.ts';

/** The purpose of `borrower_verifications.whatsapp_phone_enc`. */
export const WHATSAPP_PHONE_PURPOSE = 'borrower_verifications.whatsapp_phone';

/** The confirmed WhatsApp number, encrypted to the borrower's row. */
export function sealWhatsappPhone(cipher: DataCipher, userId: string, phone: string): string {
  return cipher.encryptField(phone, fieldContext(WHATSAPP_PHONE_PURPOSE, userId));
}

/** The WhatsApp number of a verification row read by any module (reminders, the export, the eraser). */
export function openWhatsappPhone(cipher: DataCipher, userId: string, sealed: string | null): string | null {
  return sealed === null ? null : cipher.decryptField(sealed, fieldContext(WHATSAPP_PHONE_PURPOSE, userId));
}
