import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  MY_DATA_SECTION_KEYS,
  myDataExportSchema,
  type MyDataExport,
} from '@kaskita/domain/contract/my-data';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { defineCommand } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Limit, RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { borrowerVerifications } from '../verification/verification-schema.ts';
import { renderMyDataPdf } from './my-data-pdf.ts';
import type { PersonalDataSections } from './personal-data-registry.ts';
import { inTurn } from '../../db/in-turn.ts';

/**
 * A copy costs dozens of queries, decryption and, for the PDF, rendering: a few an hour are plenty for a borrower and
 * keep a stolen session from hammering the database. JSON and PDF share the count; images (the largest answers, and
 * the most sensitive) have their own, tighter one. Windows stay within a day (rate-limiter.ts sweeps older events).
 */
export const EXPORT_LIMITS = {
  exportsPerHour: { bucket: 'my_data_export_hour', max: 5, windowSeconds: 3600 },
  exportsPerDay: { bucket: 'my_data_export_day', max: 20, windowSeconds: 24 * 3600 },
  imagesPerHour: { bucket: 'my_data_images_hour', max: 3, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Every copy is an audited command: the borrower's own audit records the access, never the data. */
export const EXPORT_COMMAND = 'personal_data.export';

export interface MyDataExportDependencies {
  db: Db;
  commands: CommandExecutor;
  limiter: RateLimiter;
  protection: DataProtection;
  users: Pick<UserAccounts, 'signedIn'>;
  sections: PersonalDataSections;
  /** The regions module's directory (loaded on first use). */
  regions: () => Promise<{ find(code: string): { name: string } | undefined }>;
}

const exportInput = z.object({
  userId: z.string().min(1).max(64),
  format: z.enum(['json', 'pdf', 'images']),
});

/** Me > My data: the borrower's copy of everything held about them (UU PDP Pasal 7 access and copy, Pasal 13 format). */
export class MyDataExportService {
  constructor(private readonly deps: MyDataExportDependencies) {}

  async json(userId: string, network: string): Promise<MyDataExport> {
    await this.countExport(userId);
    return this.deps.commands.run(this.exportCommand, { userId, format: 'json' as const }, actor(userId), {
      network,
    });
  }

  async pdf(userId: string, locale: Locale, network: string) {
    await this.countExport(userId);
    const data = await this.deps.commands.run(
      this.exportCommand,
      { userId, format: 'pdf' as const },
      actor(userId),
      {
        network,
      },
    );
    const pdf = await renderMyDataPdf(data, locale);
    return {
      content_type: 'application/pdf',
      file_name: `kaskita-my-data-${data.generated_at.slice(0, 10)}.pdf`,
      data: Buffer.from(pdf).toString('base64'),
    };
  }

  async images(userId: string, network: string) {
    await this.deps.limiter.attempt(EXPORT_LIMITS.imagesPerHour, userId);
    return this.deps.commands.run(this.imagesCommand, { userId, format: 'images' as const }, actor(userId), {
      network,
    });
  }

  private async countExport(userId: string): Promise<void> {
    await this.deps.limiter.attempt(EXPORT_LIMITS.exportsPerHour, userId);
    await this.deps.limiter.attempt(EXPORT_LIMITS.exportsPerDay, userId);
  }

  /** Every registered section, read in one transaction so the copy is consistent, then checked against the contract. */
  async collect(db: DbOrTx, userId: string, now: Date): Promise<MyDataExport> {
    const user = await this.deps.users.signedIn(userId, db);
    const regions = await this.deps.regions();
    const context = {
      db,
      user,
      protection: this.deps.protection,
      regionName: (code: string) => regions.find(code)?.name,
    };
    const sections: Record<string, unknown> = {};
    // One after another: PGlite runs one query at a time anyway, and a pg transaction is one connection.
    for (const key of MY_DATA_SECTION_KEYS) {
      const section = this.deps.sections.get(key);
      if (section) sections[key] = await section.collect(context);
    }
    return myDataExportSchema.parse({
      format: 'kaskita-my-data/1',
      generated_at: now.toISOString(),
      sections,
    });
  }

  private readonly exportCommand = defineCommand({
    name: EXPORT_COMMAND,
    input: exportInput,
    actors: ['borrower'],
    owner: (input) => input.userId,
    handle: async (tx, { userId, format }, { now }) => ({
      result: await this.collect(tx, userId, now),
      subject: { type: 'borrower', id: userId },
      outcome: 'exported',
      // What was given, never the data: the audit log is kept for ever.
      after: { format },
    }),
  });

  private readonly imagesCommand = defineCommand({
    name: EXPORT_COMMAND,
    input: exportInput,
    actors: ['borrower'],
    owner: (input) => input.userId,
    handle: async (tx, { userId, format }) => {
      await this.deps.users.signedIn(userId, tx);
      const [[profile], [verification]] = await inTurn(
        () =>
          tx
            .select({ key: borrowerProfiles.ktpPhotoKey })
            .from(borrowerProfiles)
            .where(eq(borrowerProfiles.userId, userId))
            .limit(1),
        () =>
          tx
            .select({ key: borrowerVerifications.selfieKey })
            .from(borrowerVerifications)
            .where(eq(borrowerVerifications.userId, userId))
            .limit(1),
      );
      const file = async (key: string | null | undefined, name: string) => {
        const bytes = key ? await this.deps.protection.files.get(key) : null;
        return bytes ? { content_type: 'image/jpeg', file_name: name, data: bytes.toString('base64') } : null;
      };
      const result = {
        ktp_photo: await file(profile?.key, 'kaskita-ktp.jpg'),
        selfie: await file(verification?.key, 'kaskita-selfie.jpg'),
      };
      return {
        result,
        subject: { type: 'borrower', id: userId },
        outcome: 'exported',
        after: { format, ktp_photo: result.ktp_photo !== null, selfie: result.selfie !== null },
      };
    },
  });
}

const actor = (userId: string) => ({ kind: 'borrower' as const, userId });
