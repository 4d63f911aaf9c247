import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Referral } from '@kaskita/domain/contract/referral';
import {
  normaliseReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
} from '@kaskita/domain/validation/referral-code';
import { LOCALES, type Locale } from '@kaskita/domain/i18n/locale';
import { businessDateAt, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { jobType } from '../../jobs/job-type.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { CouponWalletService } from '../commerce/coupon-wallet-service.ts';
import type { ProfileService } from '../profile/profile-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { referralRewardMessage } from './referral-messages.ts';
import type { ReferralRepository } from './referral-repository.ts';
import { inTurn } from '../../db/in-turn.ts';

/** Gives a referrer their coupon for a friend's first disbursed loan; one per friend (its key and a unique index). */
export const REFERRAL_REWARD = jobType({
  name: 'referral.reward',
  payload: z.object({ friendUserId: z.string().min(1), loanId: z.string().min(1) }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 60,
});

/** The wallet's source of referral coupons. */
export const REFERRAL_SOURCE = 'referral';

export interface ReferralDependencies {
  db: Db;
  clock: Clock;
  repo: ReferralRepository;
  commands: CommandExecutor;
  jobs: JobRunner;
  outbox: OutboxService;
  users: Pick<UserAccounts, 'signedIn'>;
  profiles: Pick<ProfileService, 'sameNik'>;
  wallet: Pick<CouponWalletService, 'grant' | 'list' | 'configured'>;
  /** REFERRAL_COUPON_ID and REFERRAL_COUPON_DAYS. */
  couponId: string;
  couponDays: number;
  /** PUBLIC_APP_URL: the link is on it. */
  publicAppUrl: string;
}

/**
 * Referral (issue 26): each borrower's code and link; a friend who signs up through the link is attributed to them at
 * that sign-in only (never attached later); when the friend's first loan is disbursed, `referral.reward` gives the
 * referrer a coupon in their wallet and tells them by SMS, exactly once per friend, never to the friend themselves
 * under another account (same phone or NIK).
 */
export class ReferralService {
  constructor(private readonly deps: ReferralDependencies) {}

  /** GET /v1/referral: the code (made on the first ask), the link, friends joined and the coupons earned. */
  async mine(userId: string, locale: Locale): Promise<Referral> {
    await this.deps.users.signedIn(userId);
    const code = await this.codeFor(userId, locale);
    const [friends, coupons] = await Promise.all([
      this.deps.repo.friendsOf(this.deps.db, userId),
      this.deps.wallet.list(userId, REFERRAL_SOURCE, locale),
    ]);
    return { code, link: this.link(code), friends_joined: friends, coupons };
  }

  link(code: string): string {
    return new URL(`/third/referral/login?ref=${code}`, this.deps.publicAppUrl).href;
  }

  /** The borrower's code, made on the first ask; the language they read it in is kept for the reward's SMS. */
  private async codeFor(userId: string, locale: Locale): Promise<string> {
    const { db, repo } = this.deps;
    const existing = await repo.codeOf(db, userId);
    if (existing) {
      if (existing.locale !== locale) await repo.setLocale(db, userId, locale);
      return existing.code;
    }
    // 31^8 (about 8.5e11) codes: a clash is rare, and one taken code or a concurrent first ask is tried again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const made = await repo.insertCode(db, {
        userId,
        code: randomCode(),
        locale,
        createdAt: this.deps.clock.now(),
      });
      if (made) return made.code;
      const mine = await repo.codeOf(db, userId);
      if (mine) return mine.code;
    }
    throw new Error('no free referral code after 5 tries');
  }

  /**
   * The sign-in that registered `userId` came with a code (auth's sign-up hook, in its transaction): the friend is
   * attributed to the code's owner. A malformed or unknown code is ignored: the sign-in goes on.
   */
  async signedUp(tx: Tx, signUp: { userId: string; referralCode: string | null }): Promise<void> {
    const code = normaliseReferralCode(signUp.referralCode);
    if (!code) return;
    const owner = await this.deps.repo.byCode(tx, code);
    if (!owner || owner.userId === signUp.userId) return;
    await this.deps.repo.insertReferral(tx, {
      friendUserId: signUp.userId,
      referrerUserId: owner.userId,
      code,
      signedUpAt: this.deps.clock.now(),
      outcome: null,
      rewardedAt: null,
      couponId: null,
    });
  }

  /**
   * A loan's money arrived (the loans module's hook, in the disbursement's transaction): a referred friend's first
   * queues the referrer's reward. A job, so nothing of the referral can hold up or fail a disbursement.
   */
  async disbursed(tx: Tx, loan: { loanId: string; userId: string }): Promise<void> {
    if (!(await this.deps.repo.pendingOfFriend(tx, loan.userId))) return;
    await this.deps.jobs.send(
      REFERRAL_REWARD,
      { friendUserId: loan.userId, loanId: loan.loanId },
      { tx, key: `referral-reward:${loan.userId}` },
    );
  }

  /** The job: runs `referral.reward`. */
  async reward(job: { friendUserId: string; loanId: string }): Promise<void> {
    await this.deps.commands.run(this.rewardCommand, job, { kind: 'job', job: REFERRAL_REWARD.name });
    this.deps.outbox.wake();
  }

  /** `referral.reward`: the referrer's coupon for a friend's first disbursed loan, with its audit row and SMS. */
  readonly rewardCommand = defineCommand({
    name: 'referral.reward',
    input: z.object({ friendUserId: z.string().min(1), loanId: z.string().min(1) }),
    actors: ['job'],
    handle: (tx, input, context) => this.giveReward(tx, input, context),
  });

  private async giveReward(
    tx: Tx,
    input: { friendUserId: string; loanId: string },
    { now }: CommandContext,
  ): Promise<CommandOutcome<void>> {
    const { repo, users } = this.deps;
    const referral = await repo.ofFriend(tx, input.friendUserId, true);
    if (!referral || referral.outcome !== null)
      return { result: undefined, outcome: 'ignored', subject: null, after: { outcome: referral?.outcome } };
    const subject = { type: 'referral', id: referral.friendUserId };
    const [referrer, friend] = await inTurn(
      () => users.signedIn(referral.referrerUserId, tx),
      () => users.signedIn(referral.friendUserId, tx),
    );
    // One person's two accounts earn nothing: the same phone, or the same NIK (its lookup hash).
    const self =
      referrer.id === friend.id ||
      referrer.phone === friend.phone ||
      (await this.deps.profiles.sameNik(referrer.id, friend.id, tx));
    if (self || referrer.closedAt) {
      const outcome = self ? 'self-referral' : 'referrer-closed';
      await repo.settle(tx, referral.friendUserId, { outcome, rewardedAt: now, couponId: null });
      return { result: undefined, outcome: 'refused', subject, after: { outcome, loanId: input.loanId } };
    }
    const expiresAt = new Date(now.getTime() + this.deps.couponDays * 86_400_000);
    const coupon = await this.deps.wallet.grant(tx, {
      userId: referrer.id,
      couponId: this.deps.couponId,
      source: REFERRAL_SOURCE,
      sourceRef: referral.friendUserId,
      expiresAt,
    });
    if (!coupon)
      return { result: undefined, outcome: 'ignored', subject, after: { outcome: 'already given' } };
    await repo.settle(tx, referral.friendUserId, {
      outcome: 'rewarded',
      rewardedAt: now,
      couponId: coupon.id,
    });
    const code = await repo.codeOf(tx, referrer.id);
    const locale: Locale = (LOCALES as readonly string[]).includes(code?.locale ?? '')
      ? (code!.locale as Locale)
      : 'id-ID';
    const configured = this.deps.wallet.configured(this.deps.couponId);
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: referrer.phone,
      body: referralRewardMessage(locale, {
        label: configured?.label[locale] ?? this.deps.couponId,
        expiresOn: formatDisplayDate(businessDateAt(expiresAt)),
        link: new URL('/third/referral/code', this.deps.publicAppUrl).href,
      }),
      idempotencyKey: `referral-reward:${referral.friendUserId}`,
      deliver: true,
    });
    return {
      result: undefined,
      outcome: 'rewarded',
      subject,
      before: { outcome: null },
      after: {
        outcome: 'rewarded',
        referrerUserId: referrer.id,
        loanId: input.loanId,
        walletCouponId: coupon.id,
        couponId: this.deps.couponId,
        expiresAt: expiresAt.toISOString(),
      },
    };
  }
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}
