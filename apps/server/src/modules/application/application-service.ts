import type { ApplicationView, CreditCountdown, LimitAmount } from '@kaskita/domain/contract/application';
import { FEEDBACK_PER_DAY } from '@kaskita/domain/contract/application';
import { VERIFY } from '@kaskita/domain/contract/user';
import { approvedLimitOf, availableLimit } from '@kaskita/domain/credit/available-limit';
import { CREDIT_REASONS, type CreditReasonCode } from '@kaskita/domain/credit/reasons';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { ZERO_RUPIAH, type Rupiah } from '@kaskita/domain/money/rupiah';
import { reapplyDate } from '@kaskita/domain/credit/decide-credit';
import { bureauWaitOver, type ReviewFlag, type ReviewRules } from '@kaskita/domain/credit/review-rules';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { Coordinates } from '@kaskita/domain/validation/location';
import { secondsUntilJakartaMidnight, startOfJakartaDay, type Clock } from '../../clock.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import { CreditBureauUnavailableError } from '../../providers/credit-bureau/credit-bureau-provider.ts';
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
  /** Doubts that hand an approval to a credit reviewer instead (credit/review-rules.ts). */
  reviewFlags?: ReviewFlag[];
}

/** Gathers a borrower's inputs and applies the credit rules; throws to postpone (e.g. the bureau is unavailable). */
export interface CreditDecider {
  decide(userId: string, businessDate: string): Promise<DecisionOutcome>;
}

export interface ApplicationDependencies {
  db: Db;
  repo: ApplicationRepository;
  users: Pick<
    UserAccounts,
    'signedIn' | 'lockSignedIn' | 'setStanding' | 'mayEditProfile' | 'consentWithdrawn'
  >;
  profile: { creditProfile(userId: string, db?: DbOrTx): Promise<CreditProfile> };
  verification: {
    verificationFacts(
      userId: string,
      db?: DbOrTx,
    ): Promise<{ whatsappVerified: boolean; facePassed: boolean }>;
  };
  decider: CreditDecider;
  /** Principal lent on the borrower's open loans and not yet repaid (loans module): what is used of the limit. */
  usage: {
    usedPrincipal(db: DbOrTx, userId: string): Promise<Rupiah>;
    /** The borrower's open loan, if any: in arrears, nothing is available. */
    open(db: DbOrTx, userId: string): Promise<{ state: string } | undefined>;
  };
  jobs: JobRunner;
  outbox: OutboxService;
  clock: Clock;
  /** Seconds between submit and the decision (0 in tests, about a minute in the demo). */
  decisionDelaySeconds: number;
  /** Days after a rejection before the borrower may reapply. */
  reapplyDays: number;
  /** When the decision goes to a person (the review queue). */
  reviewRules: ReviewRules;
}

/** A credit reviewer's decision on an application in the review queue. */
export interface ReviewDecision {
  reviewerId: string;
  outcome: 'approved' | 'rejected';
  /** Approving: within the product's range (checked by the caller). */
  limitAmount: Rupiah | null;
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
      if (user.verify === VERIFY.AUDITING) {
        const latest = await repo.latest(tx, userId);
        return { countdown: this.countdownOf(latest), inReview: latest?.state === 'review' };
      }
      if (user.verify === VERIFY.APPROVED) throw new AppError('ALREADY_APPROVED');
      if (user.verify === VERIFY.REJECTED && !users.mayEditProfile(user)) {
        throw new AppError('REAPPLY_LATER', user.reapplyOn ? { reapply_date: user.reapplyOn } : undefined);
      }
      // The eligibility assessment rests on the privacy consent: withdrawn, no new application is assessed.
      if (await users.consentWithdrawn(tx, userId, 'privacy')) throw new AppError('CONSENT_WITHDRAWN');
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
        location,
        locale,
        createdAt: now,
      });
      await users.setStanding(tx, userId, { verify: VERIFY.AUDITING, reapplyOn: null });
      await this.deps.jobs.send(
        CREDIT_DECISION,
        { applicationId: application.id },
        { key: application.id, tx, delaySeconds: delay },
      );
      return { countdown: delay, inReview: false, queued: true };
    });
    if ('queued' in answer) this.deps.jobs.wake(CREDIT_DECISION);
    return { countdown: answer.countdown, verify: VERIFY.AUDITING, in_review: answer.inReview };
  }

  async countdown(userId: string): Promise<CreditCountdown> {
    const user = await this.deps.users.signedIn(userId);
    const latest =
      user.verify === VERIFY.AUDITING ? await this.deps.repo.latest(this.deps.db, userId) : undefined;
    return {
      countdown: this.countdownOf(latest),
      verify: user.verify,
      in_review: latest?.state === 'review',
    };
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
    return approvedLimitOf(user.verify, await this.deps.repo.latest(db, userId));
  }

  /** The approved limit, the principal of open loans not yet repaid, and what is left to borrow. */
  async limit(userId: string): Promise<LimitAmount> {
    const limit = await this.approvedLimit(userId);
    const [used, open] =
      limit > 0
        ? await Promise.all([
            this.deps.usage.usedPrincipal(this.deps.db, userId),
            this.deps.usage.open(this.deps.db, userId),
          ])
        : [ZERO_RUPIAH, undefined];
    return {
      approved: limit > 0,
      limit_amount: limit,
      used_amount: used,
      available_amount: availableLimit(limit, used, open?.state),
    };
  }

  /** The job: decides an application still auditing; a second run, or one after a reviewer decided, does nothing. */
  async decide(applicationId: string): Promise<void> {
    const { db, repo } = this.deps;
    const application = await repo.byId(db, applicationId);
    if (!application || application.state !== 'auditing') return;
    const businessDate = this.today();
    // Outside the transaction: the bureau is a network call. A failure (bureau unavailable) fails the run, which is
    // retried; nothing is written, so the application stays auditing and is never approved blindly. Once it has
    // waited long enough, a person decides instead (the review queue).
    let outcome: DecisionOutcome;
    try {
      outcome = await this.deps.decider.decide(application.userId, businessDate);
    } catch (error) {
      if (
        error instanceof CreditBureauUnavailableError &&
        bureauWaitOver(application.submittedAt, this.deps.clock.now(), this.deps.reviewRules)
      ) {
        await repo.queueForReview(db, application.id, {
          reviewFlags: ['bureau_unavailable'],
          queuedAt: this.deps.clock.now(),
          decision: { bureau: 'unavailable', suggestedLimit: null },
        });
        return;
      }
      throw error;
    }
    if (outcome.reviewFlags?.length) {
      // No message and no change of standing: the borrower keeps seeing "in review" until the reviewer decides.
      await repo.queueForReview(db, application.id, {
        reviewFlags: outcome.reviewFlags,
        queuedAt: this.deps.clock.now(),
        decision: { ...(outcome.record as object), suggestedLimit: outcome.limitAmount },
      });
      return;
    }
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

  /**
   * A credit reviewer decides an application of the review queue, in the caller's transaction (the back office's
   * command, with its audit row): written exactly as the rules' decision would be, so the borrower's standing, the SMS
   * and the home page follow. Undefined when it is no longer in review. Call `afterDecision` once committed.
   */
  async decideInReview(
    tx: Tx,
    application: ApplicationRow,
    decision: ReviewDecision,
  ): Promise<ApplicationRow | undefined> {
    if (decision.outcome === 'approved' && !(decision.limitAmount && decision.limitAmount > 0))
      throw new Error('an approval needs a positive limit');
    return this.writeDecisionIn(
      tx,
      application,
      {
        outcome: decision.outcome,
        limitAmount: decision.outcome === 'approved' ? decision.limitAmount : null,
        reasons: decision.outcome === 'rejected' ? ['reviewer_decision'] : [],
        decidedBy: `reviewer:${decision.reviewerId}`,
        record: {
          review: {
            by: decision.reviewerId,
            at: this.deps.clock.now().toISOString(),
            flags: application.reviewFlags,
          },
          rules: application.decision,
        },
      },
      'review',
    );
  }

  /** After a decision in the caller's transaction committed: its SMS leaves now rather than at the next poll. */
  afterDecision(): void {
    this.deps.outbox.wake();
  }

  private async writeDecision(
    application: ApplicationRow,
    decision: WrittenDecision,
    { override = false } = {},
  ): Promise<void> {
    const written = await this.deps.db.transaction(
      async (tx) =>
        (await this.writeDecisionIn(tx, application, decision, override ? 'any' : 'auditing')) !== undefined,
    );
    if (written) this.afterDecision();
  }

  /**
   * Writes a decision of an application in `from` state (any, for an override) and, for the borrower's latest
   * application, their standing and the message telling them. Undefined when the application was not in that state.
   */
  private async writeDecisionIn(
    tx: Tx,
    application: ApplicationRow,
    decision: WrittenDecision,
    from: 'auditing' | 'review' | 'any',
  ): Promise<ApplicationRow | undefined> {
    const { repo, users } = this.deps;
    const now = this.deps.clock.now();
    const reapplyOn =
      decision.outcome === 'rejected' ? reapplyDate(businessDateAt(now), this.deps.reapplyDays) : null;
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
    const row =
      from === 'any'
        ? await repo.override(tx, application.id, record)
        : await repo.decide(tx, application.id, record, from);
    if (!row) return undefined;
    // Only the borrower's latest application sets their standing (an override of an old one is history).
    const latest = await repo.latest(tx, application.userId);
    if (latest?.id !== row.id) return row;
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
    return row;
  }

  /** POST /v1/feedback: stored for customer service, FEEDBACK_PER_DAY a Jakarta day per borrower. */
  async feedback(
    userId: string,
    content: string,
    locale: Locale,
    kind: 'feedback' | 'complaint' = 'feedback',
  ): Promise<null> {
    const { db, repo, users, clock } = this.deps;
    await db.transaction(async (tx) => {
      await users.lockSignedIn(tx, userId);
      const now = clock.now();
      if ((await repo.feedbackSince(tx, userId, startOfJakartaDay(now))) >= FEEDBACK_PER_DAY) {
        throw new AppError('RATE_LIMITED', { retry_after: secondsUntilJakartaMidnight(now) });
      }
      await repo.addFeedback(tx, { userId, content, locale, kind, createdAt: now });
    });
    return null;
  }
}

/** A decision as written: by the rules, a reviewer of the queue, or an override. */
interface WrittenDecision {
  outcome: 'approved' | 'rejected';
  limitAmount: Rupiah | null;
  reasons: string[];
  decidedBy: string;
  record: unknown;
}
