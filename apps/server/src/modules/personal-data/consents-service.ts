import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { ConsentView, Consents, WithdrawalResult } from '@kaskita/domain/contract/my-data';
import type { Locale } from '@kaskita/domain/i18n/locale';
import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  CURRENT_CONSENT_VERSIONS,
  WHILE_OWED_CONTINUES,
  WITHDRAWABLE_CONSENTS,
  WITHDRAWAL_STOP_HOURS,
  isWithdrawable,
  type ConsentKind,
  type WithdrawableConsent,
} from '@kaskita/domain/legal/personal-data-rights';
import { PRIVACY_VERSION } from '@kaskita/domain/legal/versions';
import { defineCommand } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { creditApplications } from '../application/application-schema.ts';
import type { UserService } from '../user/user-service.ts';
import type { PersonalDataRepository } from './personal-data-repository.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface ConsentsDependencies {
  db: Db;
  repo: PersonalDataRepository;
  commands: CommandExecutor;
  users: Pick<
    UserService,
    'signedIn' | 'lockSignedIn' | 'consentRecords' | 'withdrawConsent' | 'recordConsent'
  >;
  /** The profile's emergency contacts, erased when their consent is withdrawn (profile module). */
  contacts: { forget(tx: DbOrTx, userId: string): Promise<void> };
}

type Records = Awaited<ReturnType<UserService['consentRecords']>>;

const withdrawInput = z.object({ userId: z.string().min(1).max(64), kind: z.enum(WITHDRAWABLE_CONSENTS) });

/**
 * Every consent with its version and date, and the withdrawal of those the borrower can withdraw (UU PDP Pasal 9 and
 * 40): what needs the consent stops at once, inside the transaction that records the withdrawal, well within the
 * 3 x 24 hours the law allows. While a loan is owed the borrower is told what goes on anyway, and why.
 */
export class ConsentsService {
  constructor(private readonly deps: ConsentsDependencies) {}

  async list(userId: string, locale: Locale): Promise<Consents> {
    await this.deps.users.signedIn(userId);
    const { db } = this.deps;
    const [records, owed, [latestApplication]] = await inTurn(
      () => this.deps.users.consentRecords(userId),
      () => this.deps.repo.hasOpenLoan(db, userId),
      () =>
        db
          .select({ at: creditApplications.submittedAt })
          .from(creditApplications)
          .where(eq(creditApplications.userId, userId))
          .orderBy(desc(creditApplications.submittedAt))
          .limit(1),
    );
    return {
      list: CONSENT_KINDS.map((kind) =>
        kind === 'location'
          ? locationView(latestApplication?.at ?? null, locale)
          : consentView(kind, records, locale),
      ),
      while_owed: owed ? continuing(locale) : [],
      stop_within_hours: WITHDRAWAL_STOP_HOURS,
    };
  }

  async withdraw(
    userId: string,
    kind: WithdrawableConsent,
    locale: Locale,
    network: string,
  ): Promise<WithdrawalResult> {
    return this.deps.commands.run(
      this.withdrawCommand(locale),
      { userId, kind },
      { kind: 'borrower', userId },
      { network },
    );
  }

  /** Gives the privacy consent again (today's version): new applications and loans are assessed again. */
  async restorePrivacy(userId: string, address: string, network: string): Promise<void> {
    await this.deps.commands.run(
      this.restoreCommand(address),
      { userId, kind: 'privacy' as const },
      { kind: 'borrower', userId },
      { network },
    );
  }

  private withdrawCommand(locale: Locale) {
    return defineCommand({
      name: 'consent.withdraw',
      input: withdrawInput,
      actors: ['borrower'],
      owner: (input) => input.userId,
      handle: async (tx, { userId, kind }, { now }) => {
        // Under the borrower's row lock: an application submitted or a loan ordered at the same time sees it.
        await this.deps.users.lockSignedIn(tx, userId);
        const view = consentView(kind, await this.deps.users.consentRecords(userId, tx), locale);
        if (!view.in_force || !view.version) throw new AppError('CONSENT_NOT_IN_FORCE');
        // A decision already under way was asked for with this consent; it is let finish rather than left hanging.
        if (kind === 'privacy' && (await this.deps.repo.hasPendingApplication(tx, userId)))
          throw new AppError('CONSENT_APPLICATION_PENDING');
        await this.deps.users.withdrawConsent(tx, userId, kind, view.version);
        if (kind === 'emergency_contacts') await this.deps.contacts.forget(tx, userId);
        const owed = await this.deps.repo.hasOpenLoan(tx, userId);
        return {
          result: {
            kind,
            withdrawn_at: now.toISOString(),
            stopped: CONSENT_TEXTS[kind].withdrawal[locale],
            continues: owed ? continuing(locale) : [],
          },
          subject: { type: 'borrower', id: userId },
          outcome: 'withdrawn',
          after: { consent: kind, version: view.version },
        };
      },
    });
  }

  private restoreCommand(address: string) {
    return defineCommand({
      name: 'consent.restore',
      input: withdrawInput,
      actors: ['borrower'],
      owner: (input) => input.userId,
      handle: async (tx, { userId, kind }) => {
        await this.deps.users.lockSignedIn(tx, userId);
        await this.deps.users.recordConsent(tx, userId, kind, PRIVACY_VERSION, address);
        return {
          result: undefined,
          subject: { type: 'borrower', id: userId },
          outcome: 'restored',
          after: { consent: kind, version: PRIVACY_VERSION },
        };
      },
    });
  }
}

function continuing(locale: Locale) {
  return WHILE_OWED_CONTINUES.map((c) => ({ what: c.what[locale], why: c.why[locale] }));
}

/** A recorded consent: the latest version accepted, whether a withdrawal of it is open, and its history. */
function consentView(kind: Exclude<ConsentKind, 'location'>, records: Records, locale: Locale): ConsentView {
  const accepted = records.accepted
    .filter((a) => a.document === kind)
    .sort((a, b) => a.acceptedAt.getTime() - b.acceptedAt.getTime());
  const withdrawals = records.withdrawn.filter((w) => w.document === kind);
  const latest = accepted.at(-1);
  const open = withdrawals.find((w) => w.restoredAt === null);
  const history: ConsentView['history'] = [
    ...accepted.map((a) => ({ event: 'given' as const, version: a.version, at: a.acceptedAt.toISOString() })),
    ...withdrawals.flatMap((w) => [
      { event: 'withdrawn' as const, version: w.version, at: w.withdrawnAt.toISOString() },
      ...(w.restoredAt
        ? [{ event: 'restored' as const, version: null, at: w.restoredAt.toISOString() }]
        : []),
    ]),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return {
    kind,
    in_force: Boolean(latest) && !open,
    version: latest?.version ?? null,
    current_version: CURRENT_CONSENT_VERSIONS[kind],
    given_at: latest ? latest.acceptedAt.toISOString() : null,
    withdrawn_at: open ? open.withdrawnAt.toISOString() : null,
    withdrawable: isWithdrawable(kind),
    purpose: CONSENT_TEXTS[kind].purpose[locale],
    withdrawal: CONSENT_TEXTS[kind].withdrawal[locale],
    history,
  };
}

/** Location is the browser's permission, read at each application: its date is the latest application's. */
function locationView(latest: Date | null, locale: Locale): ConsentView {
  return {
    kind: 'location',
    in_force: latest !== null,
    version: null,
    current_version: null,
    given_at: latest ? latest.toISOString() : null,
    withdrawn_at: null,
    withdrawable: false,
    purpose: CONSENT_TEXTS.location.purpose[locale],
    withdrawal: CONSENT_TEXTS.location.withdrawal[locale],
    history: latest ? [{ event: 'given', version: null, at: latest.toISOString() }] : [],
  };
}
