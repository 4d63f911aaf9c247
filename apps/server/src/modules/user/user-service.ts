import { randomUUID } from 'node:crypto';
import type { Account, UserStatus } from '@kaskita/domain/contract/user';
import { profileEditable, type ApplicationStanding } from '@kaskita/domain/credit/profile-lock';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import { maskPhone } from '@kaskita/domain/validation/phone';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { SignUpAttribution, UserRepository } from './user-repository.ts';
import type { UserRow } from './user-schema.ts';
import { inTurn } from '../../db/in-turn.ts';

/**
 * What the sign-in flow needs of users: auth registers phones and sets passwords through these, never through the
 * users table. Methods taking a transaction run in the caller's.
 */
export type UserAccounts = Pick<
  UserService,
  | 'signedIn'
  | 'findByPhone'
  | 'findOrCreateByPhone'
  | 'setPasswordHash'
  | 'setTimeZone'
  | 'recordAgreements'
  | 'recordConsent'
  | 'lockSignedIn'
  | 'setStanding'
  | 'mayEditProfile'
  | 'editableSignedIn'
  | 'setLoanStatus'
  | 'setLoanStatuses'
  | 'consentWithdrawn'
>;

/** The agreement versions a form says the borrower accepted (absent when it did not say). */
export interface AcceptedAgreements {
  terms_version?: string | undefined;
  privacy_version?: string | undefined;
}

/** Borrowers: the signed-in borrower's status (home routing, spec section 4), account summary, and registration. */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly repo: UserRepository,
    private readonly clock: Clock,
  ) {}

  /** The user behind a session. A session whose user is gone is a lost session (4047), not a server error. */
  async signedIn(userId: string, db: DbOrTx = this.db): Promise<UserRow> {
    const user = await this.repo.findById(db, userId);
    if (!user) throw new AppError('SESSION_LOST');
    return user;
  }

  /** The signed-in user, its row locked for the caller's transaction (submit and decisions serialise on it). */
  async lockSignedIn(tx: DbOrTx, userId: string): Promise<UserRow> {
    const user = await this.repo.findByIdForUpdate(tx, userId);
    if (!user) throw new AppError('SESSION_LOST');
    return user;
  }

  /**
   * Whether the borrower may change their profile and checks today: before the first submit, and after a rejection
   * from its reapply date (credit/profile-lock.ts).
   */
  mayEditProfile(user: ApplicationStanding): boolean {
    return profileEditable(user, businessDateAt(this.clock.now()));
  }

  /** The signed-in user, refused with 4262 while what they submitted is decided on (see mayEditProfile). */
  async editableSignedIn(userId: string, db: DbOrTx = this.db): Promise<UserRow> {
    const user = await this.signedIn(userId, db);
    if (!this.mayEditProfile(user)) throw new AppError('PROFILE_LOCKED');
    return user;
  }

  /** Where the borrower's application stands (users.verify and the reapply date), from the application module. */
  setStanding(tx: DbOrTx, userId: string, standing: ApplicationStanding): Promise<void> {
    return this.repo.setStanding(tx, userId, standing, this.clock.now());
  }

  /**
   * Blocks (a time) or unblocks (null) a borrower, from the back office's command in its transaction. Sign-in and
   * new loans read it (auth-service.ts, loan-orders-service.ts).
   */
  setBlocked(tx: DbOrTx, userId: string, blockedAt: Date | null): Promise<void> {
    return this.repo.setBlocked(tx, userId, blockedAt, this.clock.now());
  }

  /** The current loan's spec status (bill_status, loan_fail_status), from the loans module in its transaction. */
  setLoanStatus(
    tx: DbOrTx,
    userId: string,
    status: { billStatus: number; loanFailStatus: number },
  ): Promise<void> {
    return this.repo.setLoanStatus(tx, userId, status, this.clock.now());
  }

  setLoanStatuses(
    tx: DbOrTx,
    rows: ReadonlyArray<{ userId: string; billStatus: number; loanFailStatus: number }>,
  ): Promise<void> {
    return this.repo.setLoanStatuses(tx, rows, this.clock.now());
  }

  findByPhone(phone: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return this.repo.findByPhone(db, phone);
  }

  /**
   * Registers the phone unless it is known (a concurrent first login finds the other's row); `created` says which.
   * `attribution` is kept only on the row this call creates: a later sign-in never changes where the borrower came from.
   */
  findOrCreateByPhone(
    tx: DbOrTx,
    phone: string,
    attribution?: SignUpAttribution,
  ): Promise<{ user: UserRow; created: boolean }> {
    return this.repo.findOrCreate(tx, phone, this.clock.now(), attribution);
  }

  /** Keeps the zone the borrower's phone reported (a sign-in from a phone that named one). */
  setTimeZone(tx: DbOrTx, userId: string, timeZone: string): Promise<void> {
    return this.repo.setTimeZone(tx, userId, timeZone);
  }

  setPasswordHash(tx: DbOrTx, userId: string, passwordHash: string): Promise<void> {
    return this.repo.setPasswordHash(tx, userId, passwordHash, this.clock.now());
  }

  /** Keeps the proof of consent: which versions, when and from where, once per version. */
  recordAgreements(tx: DbOrTx, userId: string, accepted: AcceptedAgreements, ip: string): Promise<void> {
    const acceptedAt = this.clock.now();
    const documents = [
      ['terms', accepted.terms_version],
      ['privacy', accepted.privacy_version],
    ] as const;
    return this.repo.addAgreementAcceptances(
      tx,
      documents.flatMap(([document, version]) =>
        version ? [{ userId, document, version, ip, acceptedAt }] : [],
      ),
    );
  }

  /**
   * Another consent with its text version (e.g. to contact the emergency contacts), kept like the agreements. Giving
   * a consent the borrower had withdrawn ends that withdrawal: it is in force again.
   */
  async recordConsent(
    tx: DbOrTx,
    userId: string,
    document: string,
    version: string,
    ip: string,
  ): Promise<void> {
    const now = this.clock.now();
    await this.repo.addAgreementAcceptances(tx, [{ userId, document, version, ip, acceptedAt: now }]);
    await this.repo.restoreWithdrawal(tx, userId, document, now);
  }

  /** Whether the borrower withdrew this consent and has not given it again (the privacy consent gates new credit). */
  async consentWithdrawn(tx: DbOrTx, userId: string, document: string): Promise<boolean> {
    return Boolean(await this.repo.openWithdrawal(tx, userId, document));
  }

  /** Records a withdrawal (the caller checked the consent is in force, in its transaction). */
  withdrawConsent(tx: DbOrTx, userId: string, document: string, version: string): Promise<void> {
    return this.repo.addWithdrawal(tx, {
      id: randomUUID(),
      userId,
      document,
      version,
      withdrawnAt: this.clock.now(),
    });
  }

  /** Acceptances and withdrawals of the borrower's consents, as recorded. */
  async consentRecords(userId: string, db: DbOrTx = this.db) {
    const [accepted, withdrawn] = await inTurn(
      () => this.repo.agreementAcceptances(db, userId),
      () => this.repo.consentWithdrawals(db, userId),
    );
    return { accepted, withdrawn };
  }

  /** Closes the account (Me > My data), in the caller's transaction: see UserRepository.close. */
  close(tx: DbOrTx, userId: string): Promise<void> {
    return this.repo.close(tx, userId, this.clock.now());
  }

  /** The status without the WhatsApp check, which the verification module adds (user-routes.ts). */
  async status(userId: string): Promise<Omit<UserStatus, 'whatsapp_status'>> {
    const user = await this.signedIn(userId);
    return {
      verify: user.verify,
      loan_status: { bill_status: user.billStatus },
      loan_info: { loan_fail_status: user.loanFailStatus },
      af_push_status: user.afPushStatus,
      af_status: user.afStatus,
    };
  }

  async account(userId: string): Promise<Account> {
    const user = await this.signedIn(userId);
    return {
      uid: user.id,
      phone_masked: maskPhone(user.phone),
      has_password: Boolean(user.passwordHash),
      created_at: user.createdAt.toISOString(),
    };
  }
}
