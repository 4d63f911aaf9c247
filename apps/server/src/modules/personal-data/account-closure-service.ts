import { z } from 'zod';
import type { AccountDeletion } from '@kaskita/domain/contract/my-data';
import type { Locale } from '@kaskita/domain/i18n/locale';
import {
  ERASED_AT_CLOSURE_TEXTS,
  KEPT_BY_CATEGORY,
  KEPT_RECORD_TEXTS,
  RETENTION_REASONS,
  retainUntil,
  retentionCategory,
  type RetentionCategory,
} from '@kaskita/domain/legal/personal-data-rights';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import { defineCommand } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldContext } from '../../security/data-cipher.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { phoneLookupHash } from '../../security/phone-lookup.ts';
import type { UserService } from '../user/user-service.ts';
import { CLOSED_PHONE_PURPOSE } from './correction-purposes.ts';
import type { PersonalDataRepository } from './personal-data-repository.ts';
import type { RetentionEraser } from './retention-eraser.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface AccountClosureDependencies {
  db: Db;
  clock: Clock;
  repo: PersonalDataRepository;
  commands: CommandExecutor;
  protection: DataProtection;
  eraser: RetentionEraser;
  users: Pick<UserService, 'signedIn' | 'lockSignedIn' | 'close'>;
  /** The auth module's sessions: closing the account ends every one. */
  sessions: { revokeUser(tx: DbOrTx, userId: string): Promise<void> };
}

/** The nightly retention job's name, as its audit rows' actor. */
export const RETENTION_JOB = 'personal-data.retention';
/** Closures destroyed per transaction: each is a few dozen statements. */
const PURGE_BATCH = 50;

const closeInput = z.object({ userId: z.string().min(1).max(64) });

/**
 * Account deletion (UU PDP Pasal 8 and 43): refused while anything is owed or in progress; otherwise the account is
 * closed at once (sessions ended, the number free to register again, what no rule asks us to keep erased) and what
 * the law makes us keep is listed to the borrower with its period, then destroyed by the nightly retention task when
 * the period ends (Pasal 44).
 */
export class AccountClosureService {
  constructor(private readonly deps: AccountClosureDependencies) {}

  /** What deleting would do now: blockers, or what is erased and what is kept, why and until when. */
  async preview(userId: string, locale: Locale): Promise<AccountDeletion> {
    const user = await this.deps.users.signedIn(userId);
    return this.plan(this.deps.db, userId, user.phone, locale);
  }

  async close(userId: string, locale: Locale, network: string): Promise<AccountDeletion> {
    return this.deps.commands.run(
      this.closeCommand(locale),
      { userId },
      { kind: 'borrower', userId },
      { network },
    );
  }

  /** The nightly task: destroys what every closure due by `date` kept. Answers how many closures it purged. */
  async purgeDue(date: string): Promise<number> {
    let purged = 0;
    for (;;) {
      const due = await this.deps.repo.closuresDue(this.deps.db, date, PURGE_BATCH);
      if (due.length === 0) return purged;
      for (const closure of due) {
        await this.deps.commands.run(
          this.purgeCommand,
          { userId: closure.userId },
          { kind: 'job', job: RETENTION_JOB },
        );
        purged += 1;
      }
    }
  }

  private async plan(db: DbOrTx, userId: string, phone: string, locale: Locale) {
    const [blockers, facts, held] = await inTurn(
      () => this.deps.repo.deletionBlockers(db, userId),
      () => this.deps.repo.retentionFacts(db, userId),
      () => this.deps.repo.recordsHeld(db, userId, phoneLookupHash(this.deps.protection.lookup, phone)),
    );
    const retention = retentionCategory(facts);
    const until = retainUntil(businessDateAt(this.deps.clock.now()), retention);
    return {
      allowed: blockers.length === 0,
      blockers,
      retention,
      kept: KEPT_BY_CATEGORY[retention]
        .filter((record) => held.has(record))
        .map((record) => ({ record, text: KEPT_RECORD_TEXTS[record][locale] })),
      kept_until: until,
      kept_because: retention === 'none' ? null : RETENTION_REASONS[retention][locale],
      erased: ERASED_AT_CLOSURE_TEXTS.map((t) => t[locale]),
    } satisfies AccountDeletion & { retention: RetentionCategory };
  }

  private closeCommand(locale: Locale) {
    return defineCommand({
      name: 'account.close',
      input: closeInput,
      actors: ['borrower'],
      owner: (input) => input.userId,
      handle: async (tx, { userId }, { now }) => {
        // The user row's lock: a loan order or an application locks it too, so none starts while this runs.
        const user = await this.deps.users.lockSignedIn(tx, userId);
        const plan = await this.plan(tx, userId, user.phone, locale);
        if (!plan.allowed) throw new AppError('ACCOUNT_DELETION_BLOCKED', { blockers: plan.blockers });
        const nothingKept = plan.retention === 'none';
        await this.deps.repo.insertClosure(tx, {
          userId,
          closedAt: now,
          retention: plan.retention,
          retainUntil: plan.kept_until,
          phoneEnc: nothingKept
            ? null
            : this.deps.protection.cipher.encryptField(
                user.phone,
                fieldContext(CLOSED_PHONE_PURPOSE, userId),
              ),
          purgedAt: nothingKept ? now : null,
        });
        await this.deps.sessions.revokeUser(tx, userId);
        await this.deps.users.close(tx, userId);
        const target = { userId, phone: user.phone, closedAt: now };
        if (nothingKept) await this.deps.eraser.atRetentionEnd(tx, target);
        else await this.deps.eraser.atClosure(tx, target);
        return {
          result: plan,
          subject: { type: 'borrower', id: userId },
          outcome: 'closed',
          after: { retention: plan.retention, retain_until: plan.kept_until },
        };
      },
    });
  }

  private readonly purgeCommand = defineCommand({
    name: 'account.retention_end',
    input: closeInput,
    actors: ['job'],
    handle: async (tx, { userId }, { now }) => {
      const closure = await this.deps.repo.closure(tx, userId, true);
      const subject = { type: 'borrower', id: userId };
      // Another run (a retried job, a second process) got here first.
      if (!closure || closure.purgedAt) return { result: undefined, subject, outcome: 'unchanged' };
      const phone = closure.phoneEnc
        ? this.deps.protection.cipher.decryptField(
            closure.phoneEnc,
            fieldContext(CLOSED_PHONE_PURPOSE, userId),
          )
        : `closed:${userId}`;
      await this.deps.eraser.atRetentionEnd(tx, { userId, phone, closedAt: closure.closedAt });
      await this.deps.repo.markPurged(tx, userId, now);
      return { result: undefined, subject, outcome: 'purged', after: { retention: closure.retention } };
    },
  });
}
