import { z } from 'zod';
import { PII_FIELDS, type PiiField } from '@kaskita/domain/contract/admin-borrowers';
import type { DataAccess } from '@kaskita/domain/contract/data-access';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { localPhone } from '@kaskita/domain/validation/phone';
import { defineCommand, type Actor } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import { openPhone } from '../user/user-phone-schema.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { OCR_TEXT_PURPOSE } from '../profile/ktp-service.ts';
import { openProfileName, PROFILE_TEXT_FIELDS, openProfile } from '../profile/profile-fields-schema.ts';
import { NIK_PURPOSE } from '../profile/profile-service.ts';
import type { BorrowersRepository } from './borrowers-repository.ts';

/** The identity fields OCR reads of a KTP, as read and as the borrower confirmed them. */
export interface OcrValues {
  nik: string | null;
  name: string | null;
  birth_date: string | null;
  gender: number | null;
  religion: number | null;
  marital: number | null;
}

export interface Revealed {
  field: PiiField;
  text: string | null;
  image: { content_type: string; data: string } | null;
  ocr: { read: OcrValues; typed: OcrValues } | null;
}

export interface PiiRevealDependencies {
  db: Db;
  commands: CommandExecutor;
  protection: DataProtection;
  repo: BorrowersRepository;
  /** The selfie kept by the face check (verification module), as a storage key. */
  selfieKey(userId: string, db: DbOrTx): Promise<string | null>;
}

/** What the KTP step stored of OCR's reading (profile/ktp-photo-reader.ts: the OcrResult as JSON). */
export const storedReadingSchema = z.object({
  ktp_id_number: z.string().nullable().catch(null),
  name: z.string().nullable().catch(null),
  date_of_birth: z.string().nullable().catch(null),
  gender: z.number().nullable().catch(null),
  religion: z.number().nullable().catch(null),
  marital: z.number().nullable().catch(null),
  confidence: z.number().nullable().catch(null),
});
export type StoredReading = z.infer<typeof storedReadingSchema>;

/** The audited command of every reveal: the borrower's own list of who saw their data reads its rows. */
export const PII_REVEAL_COMMAND = 'borrower.pii.reveal';
const DATA_ACCESS_SHOWN = 100;
/** A reveal's audit row keeps the field shown in `after` (never the value). */
const revealedFieldSchema = z.object({ field: z.enum(PII_FIELDS) });

/**
 * Reveals one of a borrower's personal data to a staff member holding pii.reveal: a command whose audit row names the
 * borrower and the field, written in the transaction that reads it, so nothing is answered without its row. The
 * value itself is never in the audit row or the log.
 */
export class PiiRevealService {
  constructor(private readonly deps: PiiRevealDependencies) {}

  reveal(actor: Actor, userId: string, field: PiiField, reason: string): Promise<Revealed> {
    return this.deps.commands.run(this.command, { userId, field }, actor, { reason });
  }

  /** GET /v1/user/data_access: the borrower's own list of every reveal, when, what and by which role. */
  async accessesOf(userId: string): Promise<DataAccess> {
    const rows = await this.deps.repo.reveals(this.deps.db, userId, DATA_ACCESS_SHOWN);
    return {
      list: rows.flatMap((r) => {
        const field = revealedFieldSchema.safeParse(r.after);
        return field.success ? [{ at: r.at.toISOString(), field: field.data.field, role: r.role }] : [];
      }),
    };
  }

  /** OCR's reading of the borrower's KTP, decrypted; null when the photo was never read. */
  storedReading(userId: string, ocrTextEnc: string | null): StoredReading | null {
    if (!ocrTextEnc) return null;
    const text = this.deps.protection.cipher.decryptField(ocrTextEnc, fieldContext(OCR_TEXT_PURPOSE, userId));
    try {
      const parsed = storedReadingSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** The KTP name and birth date as the borrower confirmed them, decrypted (the review compares them with OCR's). */
  typedIdentity(
    userId: string,
    profile: { nameEnc: string | null; birthDateEnc: string | null },
  ): { name: string | null; birthDate: string | null } {
    const { cipher } = this.deps.protection;
    return {
      name: openProfileName(cipher, userId, profile.nameEnc),
      birthDate: profile.birthDateEnc
        ? cipher.decryptField(
            profile.birthDateEnc,
            fieldContext(PROFILE_TEXT_FIELDS.birthDate.purpose, userId),
          )
        : null,
    };
  }

  nik(userId: string, nikEnc: string | null): string | null {
    return nikEnc
      ? this.deps.protection.cipher.decryptField(nikEnc, fieldContext(NIK_PURPOSE, userId))
      : null;
  }

  private readonly command = defineCommand({
    name: PII_REVEAL_COMMAND,
    input: z.object({ userId: z.string().min(1).max(64), field: z.enum(PII_FIELDS) }),
    actors: ['staff'],
    permission: PERMISSIONS.piiReveal,
    handle: async (tx, { userId, field }) => {
      const revealed = await this.read(tx, userId, field);
      return {
        result: revealed,
        subject: { type: 'borrower', id: userId },
        outcome: 'revealed',
        // What was shown, never the value: the audit log is kept for ever.
        after: { field },
      };
    },
  });

  private async read(tx: DbOrTx, userId: string, field: PiiField): Promise<Revealed> {
    const { repo, protection } = this.deps;
    const user = await repo.user(tx, userId);
    if (!user) throw new AppError('NOT_FOUND');
    const stored = await repo.profile(tx, userId);
    const profile = stored && openProfile(protection.cipher, stored);
    const text = (value: string | null | undefined): Revealed => {
      if (!value) throw new AppError('NOTHING_TO_REVEAL');
      return { field, text: value, image: null, ocr: null };
    };
    const image = async (key: string | null | undefined): Promise<Revealed> => {
      const bytes = key ? await protection.files.get(key) : null;
      if (!bytes) throw new AppError('NOTHING_TO_REVEAL');
      return {
        field,
        text: null,
        image: { content_type: 'image/jpeg', data: bytes.toString('base64') },
        ocr: null,
      };
    };
    switch (field) {
      case 'name':
        return text(profile?.name);
      case 'nik':
        return text(this.nik(userId, profile?.nikEnc ?? null));
      case 'phone':
        return text(localPhone(openPhone(protection.cipher, user.id, user.phoneEnc)));
      case 'birth_date':
        return text(profile?.birthDate);
      case 'address':
        return text(profile?.address ? [profile.address, profile.zipCode].filter(Boolean).join(', ') : null);
      case 'ktp_photo':
        return image(profile?.ktpPhotoKey);
      case 'selfie':
        return image(await this.deps.selfieKey(userId, tx));
      case 'ocr_reading': {
        const read = this.storedReading(userId, profile?.ocrTextEnc ?? null);
        if (!read || !profile) throw new AppError('NOTHING_TO_REVEAL');
        return {
          field,
          text: null,
          image: null,
          ocr: {
            read: {
              nik: read.ktp_id_number,
              name: read.name,
              birth_date: read.date_of_birth,
              gender: read.gender,
              religion: read.religion,
              marital: read.marital,
            },
            typed: {
              nik: this.nik(userId, profile.nikEnc),
              name: profile.name,
              birth_date: profile.birthDate,
              gender: profile.gender,
              religion: profile.religion,
              marital: profile.marriage,
            },
          },
        };
      }
    }
  }
}
