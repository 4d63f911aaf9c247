import type { OcrResult } from '@kaskita/domain/contract/profile';
import { GENDER_CODE } from '@kaskita/domain/i18n/profile-options';
import type { KtpReading, OcrProvider } from '../../providers/ocr/ocr-provider.ts';
import type { ProviderLog } from '../../providers/provider-descriptor.ts';
import type { KtpPhotoReader } from './ktp-service.ts';
import { readUploadedImage } from '../../http/uploaded-image.ts';

const NOTHING_READ: OcrResult = {
  ktp_id_number: null,
  name: null,
  date_of_birth: null,
  gender: null,
  religion: null,
  marital: null,
  confidence: 0,
};

function asOcrResult(reading: KtpReading): OcrResult {
  return {
    ktp_id_number: reading.nik,
    name: reading.name,
    date_of_birth: reading.birthDate,
    gender:
      reading.gender === null ? null : reading.gender === 'female' ? GENDER_CODE.FEMALE : GENDER_CODE.MALE,
    religion: reading.religion,
    marital: reading.marital,
    confidence: reading.confidence,
  };
}

/**
 * The KTP step's intake: the upload is checked and normalised (uploaded-image.ts), then read. A failed read is not
 * the borrower's problem: the form comes back empty for them to type, and the failure is logged without content.
 */
export class OcrKtpPhotoReader implements KtpPhotoReader {
  constructor(
    private readonly ocr: OcrProvider | null,
    private readonly maxBytes: number,
    private readonly log: ProviderLog,
  ) {}

  async read(upload: { bytes: Buffer; declaredType: string; filename: string }) {
    const image = await readUploadedImage(upload, { maxBytes: this.maxBytes });
    let reading = NOTHING_READ;
    if (this.ocr) {
      try {
        reading = asOcrResult(await this.ocr.readKtp({ bytes: image.forOcr.bytes, mimeType: 'image/png' }));
      } catch (error) {
        this.log.warn(
          { err: { type: (error as Error).name } },
          'KTP OCR failed; the borrower types the fields',
        );
      }
    }
    // What was read is kept (encrypted) with the profile, so a dispute over a prefilled value can be reviewed.
    return { photo: image.stored.bytes, reading, text: JSON.stringify(reading) };
  }
}
