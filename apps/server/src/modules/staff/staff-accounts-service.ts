import { randomInt, randomUUID } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import { z } from 'zod';
import { PERMISSIONS, ROLE_NAMES, type Role } from '@kaskita/domain/staff/permissions';
import { defineCommand, type Actor } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { PasswordHasher } from '../../security/password-hasher.ts';
import { ONE_TIME_PASSWORD_HOURS } from './staff-limits.ts';
import type { StaffListQuery, StaffRepository } from './staff-repository.ts';
import type { StaffSessionService } from './staff-session-service.ts';

export interface NewStaff {
  /** Lower-cased (the contract's schema and the CLI do it). */
  email: string;
  name: string;
  role: Role;
}

export interface CreatedStaff extends NewStaff {
  id: string;
}

/** What the audit row keeps of why and from where: the reason typed and the request's network. */
interface Why {
  reason: string;
  network?: string;
}

export interface StaffAccountsDependencies {
  db: Db;
  repo: StaffRepository;
  sessions: StaffSessionService;
  passwords: PasswordHasher;
  commands: CommandExecutor;
}

/** Letters and digits (the password rule), without look-alikes: read aloud or off a note once. */
const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const ONE_TIME_LENGTH = 16;

const oneTimePasswordExpiry = (now: Date) => new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 3_600_000);

function newOneTimePassword(): string {
  return Array.from(
    { length: ONE_TIME_LENGTH },
    () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)],
  ).join('');
}

/**
 * Staff accounts as commands with their audit rows: creating one (by an administrator, or an operator's CLI for the
 * first), resetting one's sign-in and disabling one. The audit row keeps the new member's id and role, not their e-mail or name: the log is
 * append-only, and personal data does not belong in what can never be erased.
 */
export class StaffAccountsService {
  constructor(private readonly deps: StaffAccountsDependencies) {}

  /** Creates a member with a one-time password, answered once: the administrator hands it over. */
  async createWithOneTimePassword(
    actor: Actor,
    member: NewStaff,
    why: Why,
  ): Promise<CreatedStaff & { oneTimePassword: string }> {
    const oneTimePassword = newOneTimePassword();
    const created = await this.create(actor, member, oneTimePassword, true, why);
    return { ...created, oneTimePassword };
  }

  /**
   * A member who lost their authenticator app or their password starts again: a new one-time password (answered
   * once), no authenticator app or recovery codes, no session. Their next sign-in sets both up again.
   */
  async resetAccess(actor: Actor, staffId: string, why: Why): Promise<{ oneTimePassword: string }> {
    const oneTimePassword = newOneTimePassword();
    const passwordHash = await this.deps.passwords.hash(oneTimePassword);
    await this.deps.commands.run(this.resetAccessCommand(passwordHash), { staffId }, actor, why);
    return { oneTimePassword };
  }

  /** Creates a member with the password they chose (checked by the caller against the password rules). */
  async createWithPassword(
    actor: Actor,
    member: NewStaff,
    password: string,
    reason: string,
  ): Promise<CreatedStaff> {
    return this.create(actor, member, password, false, { reason });
  }

  /** A member's own details (the permissions tree names who is signed in). */
  async find(staffId: string): Promise<CreatedStaff> {
    const row = await this.deps.repo.findById(this.deps.db, staffId);
    if (!row) throw new AppError('SESSION_LOST');
    return { id: row.id, email: row.email, name: row.name, role: row.role };
  }

  /** A page of the staff list: who, which role, whether active; never a password or second-factor field. */
  async list(query: StaffListQuery) {
    const { rows, total } = await this.deps.repo.list(this.deps.db, query);
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        state: row.disabledAt ? ('disabled' as const) : ('active' as const),
        totp_enrolled: row.totpConfirmedAt !== null,
        created_at: row.createdAt.toISOString(),
        disabled_at: row.disabledAt?.toISOString() ?? null,
      })),
    };
  }

  async disable(actor: Actor, staffId: string, why: Why): Promise<void> {
    await this.deps.commands.run(this.disableCommand, { staffId }, actor, why);
  }

  private async create(
    actor: Actor,
    member: NewStaff,
    password: string,
    oneTime: boolean,
    why: Why,
  ): Promise<CreatedStaff> {
    const passwordHash = await this.deps.passwords.hash(password);
    const id = randomUUID();
    try {
      await this.deps.commands.run(
        this.createCommand({ ...member, passwordHash, oneTime }),
        { staffId: id, role: member.role },
        actor,
        why,
      );
    } catch (error) {
      // Two creations of one e-mail at once: the unique index decides, and the loser is told like any other.
      if (
        error instanceof DrizzleQueryError &&
        (error.cause as { code?: string } | undefined)?.code === '23505'
      )
        throw new AppError('STAFF_EMAIL_TAKEN');
      throw error;
    }
    return { id, ...member };
  }

  /**
   * One command per creation: its input (what the audit row keeps) is the id and the role; the personal details
   * travel beside it, in the handler, never into the log.
   */
  private createCommand(details: NewStaff & { passwordHash: string; oneTime: boolean }) {
    const { repo } = this.deps;
    return defineCommand({
      name: 'staff.create',
      input: z.object({ staffId: z.uuid(), role: z.enum(ROLE_NAMES) }),
      actors: ['staff', 'operator'],
      permission: PERMISSIONS.staffManage,
      handle: async (tx, input, { now }) => {
        if (await repo.findByEmail(tx, details.email)) throw new AppError('STAFF_EMAIL_TAKEN');
        await repo.insert(tx, {
          id: input.staffId,
          email: details.email,
          name: details.name,
          role: input.role,
          passwordHash: details.passwordHash,
          passwordIsOneTime: details.oneTime,
          oneTimePasswordExpiresAt: details.oneTime ? oneTimePasswordExpiry(now) : null,
          createdAt: now,
        });
        return {
          result: undefined,
          subject: { type: 'staff', id: input.staffId },
          outcome: 'created',
          after: { role: input.role, oneTimePassword: details.oneTime },
        };
      },
    });
  }

  /** The member a command acts on, locked, who must not be the actor (FORBIDDEN) and must exist (NOT_FOUND). */
  private async anotherMember(tx: Tx, actor: Actor, staffId: string) {
    if (actor.kind === 'staff' && actor.staffId === staffId) throw new AppError('FORBIDDEN');
    const row = await this.deps.repo.findByIdForUpdate(tx, staffId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The new password's hash travels beside the input, never into the audit row. */
  private resetAccessCommand(passwordHash: string) {
    return defineCommand({
      name: 'staff.reset_access',
      input: z.object({ staffId: z.string().min(1).max(64) }),
      actors: ['staff', 'operator'],
      permission: PERMISSIONS.staffManage,
      handle: async (tx, input, { actor, now }) => {
        // One's own access is changed by one's own password and app: a reset by oneself would skip both checks.
        const row = await this.anotherMember(tx, actor, input.staffId);
        if (row.disabledAt) throw new AppError('CONFLICT');
        await this.deps.repo.update(tx, row.id, {
          passwordHash,
          passwordIsOneTime: true,
          oneTimePasswordExpiresAt: oneTimePasswordExpiry(now),
          totpSecretEnc: null,
          totpConfirmedAt: null,
          totpLastStep: null,
        });
        await this.deps.repo.deleteRecoveryCodes(tx, row.id);
        await this.deps.sessions.signOutEverywhere(row.id, tx);
        return {
          result: undefined,
          subject: { type: 'staff', id: row.id },
          outcome: 'reset',
          before: { authenticatorApp: row.totpConfirmedAt !== null, oneTimePassword: row.passwordIsOneTime },
          after: { authenticatorApp: false, oneTimePassword: true },
        };
      },
    });
  }

  private readonly disableCommand = defineCommand({
    name: 'staff.disable',
    input: z.object({ staffId: z.string().min(1).max(64) }),
    actors: ['staff', 'operator'],
    permission: PERMISSIONS.staffManage,
    handle: async (tx, input, { actor, now }) => {
      // An administrator locking themselves out would leave nobody to undo it.
      const row = await this.anotherMember(tx, actor, input.staffId);
      const subject = { type: 'staff', id: row.id };
      if (row.disabledAt) return { result: undefined, subject, outcome: 'unchanged' };
      await this.deps.repo.update(tx, row.id, { disabledAt: now });
      await this.deps.sessions.signOutEverywhere(row.id, tx);
      return {
        result: undefined,
        subject,
        outcome: 'disabled',
        before: { role: row.role, disabled: false },
        after: { role: row.role, disabled: true },
      };
    },
  });
}
