import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AdminCorrectionRow } from '@kaskita/domain/contract/admin-corrections';
import type { CorrectionBody, CorrectionView } from '@kaskita/domain/contract/my-data';
import { ktpIdentitySchema } from '@kaskita/domain/validation/profile';
import {
  CORRECTABLE_FIELDS,
  type CorrectableField,
  type CorrectionStatus,
} from '@kaskita/domain/legal/personal-data-rights';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import type { Clock } from '../../clock.ts';
import { defineCommand, type Actor } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { pgErrorCode, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { BorrowersService } from '../borrowers/borrowers-service.ts';
import type { IdentityCorrection, ProfileService } from '../profile/profile-service.ts';
import type { UserService } from '../user/user-service.ts';
import { PROPOSED_PURPOSE, REASON_PURPOSE } from './correction-purposes.ts';
import type { PersonalDataRepository } from './personal-data-repository.ts';
import { openProfile, type BorrowerProfileRow } from '../profile/profile-fields-schema.ts';
import type { CorrectionRequestRow } from './personal-data-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface CorrectionsDependencies {
  db: Db;
  clock: Clock;
  repo: PersonalDataRepository;
  commands: CommandExecutor;
  protection: DataProtection;
  users: Pick<UserService, 'signedIn' | 'lockSignedIn'>;
  profile: Pick<ProfileService, 'heldIdentity' | 'correctIdentity'>;
  /** The back office's masked view of a borrower (name and NIK), as every list shows them. */
  borrowers: Pick<BorrowersService, 'maskedByIds'>;
}

/** The form's field of each correctable field (the KTP step's own schema checks a value the same way). */
const FIELD_SCHEMAS: Record<CorrectableField, z.ZodType<string | number>> = {
  nik: ktpIdentitySchema.shape.cardid,
  name: ktpIdentitySchema.shape.name,
  birth_date: ktpIdentitySchema.shape.birth_date,
  gender: ktpIdentitySchema.shape.gender,
  religion: ktpIdentitySchema.shape.religion,
  marriage: ktpIdentitySchema.shape.marriage,
};

/** The value as the profile would hold it, or a validation error on `value`. */
function parseValue(field: CorrectableField, value: string): IdentityCorrection {
  const parsed = FIELD_SCHEMAS[field].safeParse(value);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message ?? 'field.invalid';
    throw new AppError('VALIDATION', { fields: { value: key } }, key);
  }
  const v = parsed.data;
  if (field === 'gender' || field === 'religion' || field === 'marriage') return { field, value: Number(v) };
  const text = String(v);
  return { field, value: field === 'name' ? text.toUpperCase() : text };
}

const decideInput = z.object({ id: z.string().min(1).max(64) });

/**
 * Correction requests (UU PDP Pasal 6 and 30): the KTP identity locks once its step is saved, so a wrong NIK, name,
 * birth date or option is asked to be corrected here, with the value and a reason; staff holding
 * personal_data.correct approve it (the field changes through an audited command) or refuse it with a reason the
 * borrower reads. The values are the borrower's identity: encrypted, and never in the audit row or the log.
 */
export class CorrectionsService {
  constructor(private readonly deps: CorrectionsDependencies) {}

  async list(userId: string): Promise<{ list: CorrectionView[]; locked: boolean }> {
    await this.deps.users.signedIn(userId);
    const [rows, held] = await Promise.all([
      this.deps.repo.correctionsOf(this.deps.db, userId),
      this.deps.profile.heldIdentity(userId),
    ]);
    return { list: rows.flatMap((r) => this.view(r)), locked: held !== null };
  }

  async request(userId: string, body: CorrectionBody): Promise<CorrectionView> {
    const held = await this.deps.profile.heldIdentity(userId);
    // Before its step is saved the KTP is the borrower's to change on the KTP step.
    if (!held) throw new AppError('CORRECTION_NOT_NEEDED');
    const proposed = parseValue(body.field, body.value);
    if (held[body.field] === proposed.value) throw new AppError('CORRECTION_NOTHING_TO_CORRECT');
    const id = randomUUID();
    const now = this.deps.clock.now();
    const { cipher } = this.deps.protection;
    const row = {
      id,
      userId,
      field: body.field,
      proposedEnc: cipher.encryptField(String(proposed.value), fieldContext(PROPOSED_PURPOSE, id)),
      reasonEnc: cipher.encryptField(body.reason, fieldContext(REASON_PURPOSE, id)),
      status: 'open',
      createdAt: now,
    };
    try {
      await this.deps.db.transaction(async (tx) => {
        await this.deps.users.lockSignedIn(tx, userId);
        if (await this.deps.repo.openCorrection(tx, userId, body.field))
          throw new AppError('CORRECTION_ALREADY_OPEN');
        await this.deps.repo.insertCorrection(tx, row);
      });
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw new AppError('CORRECTION_ALREADY_OPEN');
      throw error;
    }
    return this.view({ ...row, answer: null, decidedBy: null, decidedAt: null })[0]!;
  }

  /** The back office's list, open requests first. */
  async page(query: {
    page: number;
    page_size: number;
    order?: 'asc' | 'desc' | undefined;
    status?: CorrectionStatus | undefined;
  }) {
    const { rows, total } = await this.deps.repo.correctionPage(
      this.deps.db,
      { status: query.status },
      { offset: (query.page - 1) * query.page_size, limit: query.page_size, order: query.order ?? 'asc' },
    );
    const masked = await this.deps.borrowers.maskedByIds([...new Set(rows.map(({ c }) => c.userId))]);
    return {
      items: rows.map(({ c, p }) =>
        this.adminRow(c, p && openProfile(this.deps.protection.cipher, p), masked.get(c.userId)),
      ),
      total,
    };
  }

  approve(actor: Actor, id: string, reason: string): Promise<AdminCorrectionRow> {
    return this.deps.commands.run(this.approveCommand, { id }, actor, { reason });
  }

  refuse(actor: Actor, id: string, reason: string): Promise<AdminCorrectionRow> {
    return this.deps.commands.run(this.refuseCommand, { id }, actor, { reason });
  }

  private readonly approveCommand = defineCommand({
    name: 'personal_data.correct',
    input: decideInput,
    actors: ['staff'],
    permission: PERMISSIONS.personalDataCorrect,
    handle: async (tx, { id }, context) => {
      const request = await this.openRequest(tx, id);
      await this.deps.users.lockSignedIn(tx, request.userId);
      const correction = parseValue(request.field as CorrectableField, this.proposed(request));
      await this.deps.profile.correctIdentity(tx, request.userId, correction);
      return this.decided(tx, request, 'approved', context);
    },
  });

  private readonly refuseCommand = defineCommand({
    name: 'personal_data.correction_refuse',
    input: decideInput,
    actors: ['staff'],
    permission: PERMISSIONS.personalDataCorrect,
    handle: async (tx, { id }, context) =>
      this.decided(tx, await this.openRequest(tx, id), 'refused', context),
  });

  private async openRequest(tx: DbOrTx, id: string): Promise<CorrectionRequestRow> {
    const request = await this.deps.repo.correction(tx, id, true);
    if (!request || !(CORRECTABLE_FIELDS as readonly string[]).includes(request.field))
      throw new AppError('NOT_FOUND');
    if (request.status !== 'open') throw new AppError('CORRECTION_NOT_OPEN');
    return request;
  }

  private async decided(
    tx: DbOrTx,
    request: CorrectionRequestRow,
    status: 'approved' | 'refused',
    context: { actor: Actor; now: Date; reason: string | null },
  ) {
    const staffId = context.actor.kind === 'staff' ? context.actor.staffId : null;
    await this.deps.repo.decideCorrection(tx, request.id, {
      status,
      answer: context.reason ?? '',
      decidedBy: staffId,
      decidedAt: context.now,
    });
    const [row, profile, masked] = await inTurn(
      () => this.deps.repo.correction(tx, request.id),
      () => this.deps.repo.profile(tx, request.userId),
      () => this.deps.borrowers.maskedByIds([request.userId], tx),
    );
    return {
      result: this.adminRow(
        row!,
        profile ? openProfile(this.deps.protection.cipher, profile) : null,
        masked.get(request.userId),
      ),
      subject: { type: 'borrower', id: request.userId },
      outcome: status,
      // Which field, never its value: the audit log is kept for ever.
      after: { field: request.field, status },
    };
  }

  private proposed(r: CorrectionRequestRow): string {
    return this.deps.protection.cipher.decryptField(r.proposedEnc, fieldContext(PROPOSED_PURPOSE, r.id));
  }

  private view(r: CorrectionRequestRow): CorrectionView[] {
    if (!(CORRECTABLE_FIELDS as readonly string[]).includes(r.field)) return [];
    return [
      {
        id: r.id,
        field: r.field as CorrectableField,
        proposed_value: this.proposed(r),
        reason: this.deps.protection.cipher.decryptField(r.reasonEnc, fieldContext(REASON_PURPOSE, r.id)),
        status: r.status as CorrectionStatus,
        answer: r.answer,
        created_at: r.createdAt.toISOString(),
        decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
      },
    ];
  }

  /** A row for staff: the borrower masked, the value held now (a NIK by its last four digits), and the request. */
  private adminRow(
    r: CorrectionRequestRow,
    p: BorrowerProfileRow | null,
    masked: { name_masked: string | null; nik_masked: string | null } | undefined,
  ): AdminCorrectionRow {
    const view = this.view(r)[0]!;
    const held =
      view.field === 'nik' ? (masked?.nik_masked ?? null) : p ? p[PROFILE_COLUMN[view.field]] : null;
    return {
      id: r.id,
      user_id: r.userId,
      borrower_name_masked: masked?.name_masked ?? null,
      field: view.field,
      current_value: held === null || held === undefined ? null : String(held),
      proposed_value: view.proposed_value,
      reason: view.reason,
      status: view.status,
      answer: r.answer,
      created_at: view.created_at,
      decided_at: view.decided_at,
    };
  }
}

/** The profile's field of each correctable field but the NIK (which only staff with a reveal see whole). */
const PROFILE_COLUMN = {
  name: 'name',
  birth_date: 'birthDate',
  gender: 'gender',
  religion: 'religion',
  marriage: 'marriage',
} as const satisfies Record<Exclude<CorrectableField, 'nik'>, keyof BorrowerProfileRow>;
