import type { ApplicationView, CreditCountdown, LimitAmount } from '@kaskita/domain/contract/application';
import { FEEDBACK_PER_DAY } from '@kaskita/domain/contract/application';
import { VERIFY } from '@kaskita/domain/contract/user';
import { availableLimit } from '@kaskita/domain/credit/available-limit';
import { CREDIT_REASONS, type CreditReasonCode } from '@kaskita/domain/credit/reasons';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { reapplyDate } from '@kaskita/domain/credit/decide-credit';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Coordinates } from '@kaskita/domain/validation/location';
import { secondsUntilJakartaMidnight, startOfJakartaDay, type Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { CreditProfile } from '../profile/profile-service.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { ApplicationRepository, ApplicationRow } from './application-repository.ts';
import { CREDIT_DECISION } from './credit-decision-job.ts';
import { decisionMessage } from './decision-messages.ts';

/** What a credit decision concluded, and the record that explains it (inputs, every rule, the scorecard). */
export interface DecisionOutcome {
  outcome: 'approved' | 'rejected';
  limitAmount: Rupiah | null;
  reasons: CreditReasonCode[];
  record: unknown;
}

/** Gathers a borrower's inputs and applies the credit rules; throws to postpone (e.g. the bureau is unavailable). */
export interface CreditDecider {
  decide(userId: string, businessDate: string): Promise<DecisionOutcome>;
}

export interface ApplicationDependencies {
  db: Db;
  repo: ApplicationRepository;
  users: Pick<UserAccounts, 'signedIn' | 'lockSignedIn' | 'setStanding' | 'mayEditProfile'>;
  profile: { creditProfile(userId: string, db?: DbOrTx): Promise<CreditProfile> };
  verification: {
    verificationFacts(
      userId: string,
      db?: DbOrTx,
    ): Promise<{ whatsappVerified: boolean; facePassed: boolean }>;
  };
  decider: CreditDecider;
  /** Principal lent on the borrower's open loans and not yet repaid (loans module): what is used of the limit. */
  usage: { usedPrincipal(db: DbOrTx, userId: string): Promise<Rupiah> };
  jobs: JobRunner;
  outbox: OutboxService;
  clock: Clock;
  /** Seconds between submit and the decision (0 in tests, about a minute in the demo). */
  decisionDelaySeconds: number;
  /** Days after a rejection before the borrower may reapply. */
  reapplyDays: number;
}

/** A reviewer's decision, from the back office. */
export interface ReviewerDecision {
  reviewerId: string;
  outcome: 'approved' | 'rejected';
  /** Required when approving: rupiah. */
  limitAmount?: Rupiah;
  note: string;
}

/**
 * The application and its credit decision (contract/application.ts). Submit and every decision lock the borrower's
 * user row, so a double submit queues one decision and a decision is written once, with the borrower's standing
 * (users.verify, reapply date) and the message telling them, in one transaction.
 */
export class ApplicationService {
  constructor(private readonly deps: ApplicationDependencies) {}

  private today(): string {
    return businessDateAt(this.deps.clock.now());
  }

  private countdownOf(application: ApplicationRow | undefined): number {
    if (!application || application.state !== 'auditing') return 0;
    const left = application.decideAfter.getTime() - this.deps.clock.now().getTime();
    return Math.max(0, Math.ceil(left / 1000));
  }

  async submit(userId: string, location: Coordinates | null, locale: Locale): Promise<CreditCountdown> {
    const { db, repo, users } = this.deps;
    const delay = this.deps.decisionDelaySeconds;
    const answer = await db.transaction(async (tx) => {
      const user = await users.lockSignedIn(tx, userId);
      // A retried or double submit finds the application already auditing: one application, one decision.
      if (user.verify === VERIFY.AUDITING)
        return { countdown: this.countdownOf(await repo.latest(tx, userId)) };
      if (user.verify === VERIFY.APPROVED) throw new AppError('ALREADY_APPROVED');
      if (user.verify === VERIFY.REJECTED && !users.mayEditProfile(user)) {
        throw new AppError('REAPPLY_LATER', user.reapplyOn ? { reapply_date: user.reapplyOn } : undefined);
      }
      if (!(await this.deps.profile.creditProfile(userId, tx)).complete)
        throw new AppError('PROFILE_INCOMPLETE');
      const facts = await this.deps.verification.verificationFacts(userId, tx);
      if (!facts.whatsappVerified) throw new AppError('WHATSAPP_REQUIRED');
      if (!facts.facePassed) throw new AppError('FACE_REQUIRED');
      if (!location) throw new AppError('LOCATION_REQUIRED');

      const now = this.deps.clock.now();
      const application = await repo.insert(tx, {
        userId,
        submittedAt: now,
        decideAfter: new Date(now.getTime() + delay * 1000),
        longitude: location.longitude,
        latitude: location.latitude,
        locale,
        createdAt: now,
      });
      await users.setStanding(tx, userId, { verify: VERIFY.AUDITING, reapplyOn: null });
      await this.deps.jobs.send(
        CREDIT_DECISION,
        { applicationId: application.id },
        { key: application.id, tx, delaySeconds: delay },
      );
      return { countdown: delay, queued: true };
    });
    if ('queued' in answer) this.deps.jobs.wake(CREDIT_DECISION);
    return { countdown: answer.countdown, verify: VERIFY.AUDITING };
  }

  async countdown(userId: string): Promise<CreditCountdown> {
    const user = await this.deps.users.signedIn(userId);
    const latest =
      user.verify === VERIFY.AUDITING ? await this.deps.repo.latest(this.deps.db, userId) : undefined;
    return { countdown: this.countdownOf(latest), verify: user.verify };
  }

  async view(userId: string, locale: Locale): Promise<ApplicationView> {
    await this.deps.users.signedIn(userId);
    const latest = await this.deps.repo.latest(this.deps.db, userId);
    if (!latest) {
      return {
        state: 'none',
        submitted_at: null,
        countdown: 0,
        limit_amount: null,
        reapply_date: null,
        can_reapply: false,
        reasons: [],
      };
    }
    const rejected = latest.state === 'rejected';
    return {
      state: latest.state as ApplicationView['state'],
      submitted_at: latest.submittedAt.toISOString(),
      countdown: this.countdownOf(latest),
      limit_amount: latest.state === 'approved' ? latest.limitAmount : null,
      reapply_date: rejected ? latest.reapplyDate : null,
      can_reapply: rejected && latest.reapplyDate !== null && this.today() >= latest.reapplyDate,
      // A code this version does not know (stored by a newer policy) is left out rather than shown blank.
      reasons: rejected
        ? latest.reasons
            .filter((code): code is CreditReasonCode => code in CREDIT_REASONS)
            .map((code) => ({ code, text: CREDIT_REASONS[code][locale] }))
        : [],
    };
  }

  /** The approved limit in rupiah, 0 unless the borrower is approved. */
  async approvedLimit(userId: string, db: DbOrTx = this.deps.db): Promise<Rupiah> {
    const user = await this.deps.users.signedIn(userId, db);
    if (user.verify !== VERIFY.APPROVED) return ZERO_RUPIAH;
    const latest = await this.deps.repo.latest(db, userId);
    return latest?.state === 'approved' ? (latest.limitAmount ?? ZERO_RUPIAH) : ZERO_RUPIAH;
  }

  /** The approved limit, the principal of open loans not yet repaid, and what is left to borrow. */
  async limit(userId: string): Promise<LimitAmount> {
    const limit = await this.approvedLimit(userId);
    const used = limit > 0 ? await this.deps.usage.usedPrincipal(this.deps.db, userId) : ZERO_RUPIAH;
    return {
      approved: limit > 0,
      limit_amount: limit,
      used_amount: used,
      available_amount: availableLimit(limit, used),
    };
  }

  /** The job: decides an application still auditing; a second run, or one after a reviewer decided, does nothing. */
  async decide(applicationId: string): Promise<void> {
    const { db, repo } = this.deps;
    const application = await repo.byId(db, applicationId);
    if (!application || application.state !== 'auditing') return;
    const businessDate = this.today();
    // Outside the transaction: the bureau is a network call. A failure (bureau unavailable) fails the run, which is
    // retried; nothing is written, so the application stays auditing and is never approved blindly.
    const outcome = await this.deps.decider.decide(application.userId, businessDate);
    await this.writeDecision(application, {
      outcome: outcome.outcome,
      limitAmount: outcome.limitAmount,
      reasons: outcome.reasons,
      decidedBy: 'rules',
      record: outcome.record,
    });
  }

  /** A reviewer decides an application (auditing or already decided); the record keeps what it replaced. */
  async override(applicationId: string, decision: ReviewerDecision): Promise<void> {
    if (decision.outcome === 'approved' && !(decision.limitAmount && decision.limitAmount > 0)) {
      throw new Error('an approval needs a positive limit');
    }
    const application = await this.deps.repo.byId(this.deps.db, applicationId);
    if (!application) throw new AppError('NOT_FOUND');
    await this.writeDecision(
      application,
      {
        outcome: decision.outcome,
        limitAmount: decision.outcome === 'approved' ? (decision.limitAmount ?? null) : null,
        reasons: decision.outcome === 'rejected' ? ['reviewer_decision'] : [],
        decidedBy: `reviewer:${decision.reviewerId}`,
        record: {
          override: {
            by: decision.reviewerId,
            note: decision.note,
            at: this.deps.clock.now().toISOString(),
            replaced: { state: application.state, limitAmount: application.limitAmount },
          },
          previous: application.decision,
        },
      },
      { override: true },
    );
  }

  private async writeDecision(
    application: ApplicationRow,
    decision: {
      outcome: 'approved' | 'rejected';
      limitAmount: Rupiah | null;
      reasons: string[];
      decidedBy: string;
      record: unknown;
    },
    { override = false } = {},
  ): Promise<void> {
    const { db, repo, users } = this.deps;
    const now = this.deps.clock.now();
    const reapplyOn =
      decision.outcome === 'rejected' ? reapplyDate(businessDateAt(now), this.deps.reapplyDays) : null;
    const written = await db.transaction(async (tx) => {
      const user = await users.lockSignedIn(tx, application.userId);
      const record = {
        state: decision.outcome,
        decidedAt: now,
        decidedBy: decision.decidedBy,
        limitAmount: decision.limitAmount,
        reapplyDate: reapplyOn,
        reasons: decision.reasons,
        decision: decision.record,
      };
      const row = override
        ? await repo.override(tx, application.id, record)
        : await repo.decide(tx, application.id, record);
      if (!row) return false;
      // Only the borrower's latest application sets their standing (an override of an old one is history).
      const latest = await repo.latest(tx, application.userId);
      if (latest?.id !== row.id) return true;
      await users.setStanding(tx, application.userId, {
        verify: decision.outcome === 'approved' ? VERIFY.APPROVED : VERIFY.REJECTED,
        reapplyOn,
      });
      await this.deps.outbox.enqueue(tx, {
        channel: 'sms',
        recipient: user.phone,
        body: decisionMessage(
          row.locale as Locale,
          decision.outcome === 'approved'
            ? { state: 'approved', limitAmount: decision.limitAmount ?? ZERO_RUPIAH }
            : { state: 'rejected', reapplyDate: reapplyOn ?? '' },
        ),
        idempotencyKey: `credit-decision:${row.id}:${decision.decidedBy}:${now.getTime()}`,
        deliver: true,
      });
      return true;
    });
    if (written) this.deps.outbox.wake();
  }

  /** POST /v1/feedback: stored for customer service, FEEDBACK_PER_DAY a Jakarta day per borrower. */
  async feedback(userId: string, content: string, locale: Locale): Promise<null> {
    const { db, repo, users, clock } = this.deps;
    await db.transaction(async (tx) => {
      await users.lockSignedIn(tx, userId);
      const now = clock.now();
      if ((await repo.feedbackSince(tx, userId, startOfJakartaDay(now))) >= FEEDBACK_PER_DAY) {
        throw new AppError('RATE_LIMITED', { retry_after: secondsUntilJakartaMidnight(now) });
      }
      await repo.addFeedback(tx, { userId, content, locale, createdAt: now });
    });
    return null;
  }
}
