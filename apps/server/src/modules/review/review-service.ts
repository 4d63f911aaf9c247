import { z } from 'zod';
import type { MaskedBorrower, ReviewDetail } from '@kaskita/domain/contract/admin-review';
import { CREDIT_REASONS, type CreditReasonCode } from '@kaskita/domain/credit/reasons';
import { REVIEW_FLAGS, type ReviewFlag, type ReviewRules } from '@kaskita/domain/credit/review-rules';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { OTHER_LOAN_STATUS, SALARY_RANGE, WORK_TYPE } from '@kaskita/domain/i18n/profile-options';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { isOnStep } from '@kaskita/domain/pricing/amount-step';
import { businessDateAt } from '@kaskita/domain/pricing/business-date';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import { PERMISSIONS } from '@kaskita/domain/staff/permissions';
import { normaliseNik } from '@kaskita/domain/validation/nik';
import type { Clock } from '../../clock.ts';
import { defineCommand, type Actor } from '../../commands/command.ts';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ApplicationService } from '../application/application-service.ts';
import type { OcrValues, StoredReading } from '../borrowers/pii-reveal-service.ts';
import type { ReviewRepository } from './review-repository.ts';
import { inTurn } from '../../db/in-turn.ts';

export interface ReviewDependencies {
  db: Db;
  repo: ReviewRepository;
  clock: Clock;
  commands: CommandExecutor;
  applications: Pick<ApplicationService, 'decideInReview' | 'afterDecision'>;
  borrowers: { maskedByIds(ids: readonly string[], db?: DbOrTx): Promise<Map<string, MaskedBorrower>> };
  reveals: {
    storedReading(userId: string, ocrTextEnc: string | null): StoredReading | null;
    nik(userId: string, nikEnc: string | null): string | null;
    typedIdentity(
      userId: string,
      profile: { nameEnc: string | null; birthDateEnc: string | null },
    ): { name: string | null; birthDate: string | null };
  };
  face: {
    faceSummary(
      userId: string,
    ): Promise<{ status: string; distance: number | null; selfieKey: string | null }>;
  };
  products: { offered(date: string): Promise<readonly LoanProduct[]> };
  rules: ReviewRules;
  /** The face check's same-person threshold. */
  faceThreshold: number;
  /** Maker-checker (approvals module): an approval above `secondReviewerAbove` is asked for, not made. */
  approvals: {
    request(
      commandName: string,
      input: Record<string, unknown>,
      actor: Extract<Actor, { kind: 'staff' }>,
      reason: string,
    ): Promise<{ id: string }>;
    pendingFor(commandName: string, subjectIds: readonly string[]): Promise<Map<string, string>>;
  };
  secondReviewerAbove: Rupiah;
}

export interface ReviewerDecisionInput {
  outcome: 'approve' | 'reject';
  limitAmount: Rupiah | null;
}

/** What the rules' record (application-service.ts, credit-decider.ts) holds that a reviewer reads. */
const rulesRecordSchema = z
  .object({
    score: z.number().nullable().catch(null),
    suggestedLimit: z.number().nullable().catch(null),
    rules: z
      .array(
        z.object({
          rule: z.string(),
          passed: z.boolean(),
          reasons: z.array(z.string()),
          facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
        }),
      )
      .catch([]),
  })
  .partial();

const decideInput = z.object({
  applicationId: z.uuid(),
  outcome: z.enum(['approved', 'rejected']),
  limitAmount: z.number().int().positive().nullable(),
});

/**
 * The review queue: applications the rules handed to a person, what that person needs to decide, and the decision,
 * written through ApplicationService exactly as the rules' would be, as a command with its audit row.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewDependencies) {}

  async queue(page: { page: number; page_size: number }, locale: Locale) {
    const { db, repo, borrowers } = this.deps;
    const found = await repo.queue(db, { offset: (page.page - 1) * page.page_size, limit: page.page_size });
    const [masked, pending] = await Promise.all([
      borrowers.maskedByIds(found.rows.map((r) => r.userId)),
      this.deps.approvals.pendingFor(
        this.decideCommand.name,
        found.rows.map((r) => r.id),
      ),
    ]);
    return {
      total: found.total,
      items: found.rows.map((row) => ({
        application_id: row.id,
        borrower: masked.get(row.userId)!,
        submitted_at: row.submittedAt.toISOString(),
        queued_at: (row.queuedAt ?? row.submittedAt).toISOString(),
        flags: flagsOf(row.reviewFlags, locale),
        suggested_limit: rulesRecordOf(row.decision).suggestedLimit ?? null,
        approval_request_id: pending.get(row.id) ?? null,
      })),
    };
  }

  async detail(applicationId: string, locale: Locale): Promise<ReviewDetail> {
    const { db, repo } = this.deps;
    const application = await repo.application(db, applicationId);
    if (!application) throw new AppError('NOT_FOUND');
    const userId = application.userId;
    const [profile, masked, face, range, pending] = await inTurn(
      () => repo.profile(db, userId),
      () => this.deps.borrowers.maskedByIds([userId]),
      () => this.deps.face.faceSummary(userId),
      () => this.limitRange(),
      () => this.deps.approvals.pendingFor(this.decideCommand.name, [application.id]),
    );
    const record = rulesRecordOf(application.decision);
    const label = (
      options: Readonly<Record<number, Record<Locale, string>>>,
      code: number | null | undefined,
    ) => (code === null || code === undefined ? null : (options[code]?.[locale] ?? String(code)));
    return {
      application_id: application.id,
      state: application.state as ReviewDetail['state'],
      submitted_at: application.submittedAt.toISOString(),
      queued_at: application.queuedAt?.toISOString() ?? null,
      flags: flagsOf(application.reviewFlags, locale),
      borrower: masked.get(userId)!,
      profile: {
        has_job: profile?.hasJob ?? null,
        career: label(WORK_TYPE, profile?.career),
        salary_range: label(SALARY_RANGE, profile?.salaryRange),
        monthly_income: profile?.monthlyIncome ?? null,
        monthly_spending: profile?.monthlySpending ?? null,
        other_loan_status: label(OTHER_LOAN_STATUS, profile?.otherLoanStatus),
        other_platforms: profile?.otherPlatforms ?? null,
        expected_amount: profile?.expectedAmount ?? null,
        expected_period: profile?.expectedPeriod ?? null,
      },
      ocr: this.ocrComparison(userId, profile),
      face: {
        status: face.status,
        distance: face.distance,
        threshold: this.deps.faceThreshold,
        review_from: this.deps.rules.faceDistanceFrom,
        has_selfie: face.selfieKey !== null,
      },
      has_ktp_photo: Boolean(profile?.ktpPhotoKey),
      rules: (record.rules ?? []).map((rule) => ({
        ...rule,
        reasons: rule.reasons
          .filter((code): code is CreditReasonCode => code in CREDIT_REASONS)
          .map((code) => ({ code, text: CREDIT_REASONS[code][locale] })),
      })),
      score: record.score ?? null,
      suggested_limit: (record.suggestedLimit ?? null) as Rupiah | null,
      limit_range: range,
      second_reviewer_above: this.deps.secondReviewerAbove,
      approval_request_id: pending.get(application.id) ?? null,
    };
  }

  /**
   * Each field OCR read, compared with what the borrower confirmed: the comparison is made here, on decrypted
   * values, and only its verdict leaves; the values themselves take a reveal.
   */
  private ocrComparison(
    userId: string,
    profile: Awaited<ReturnType<ReviewRepository['profile']>>,
  ): ReviewDetail['ocr'] {
    const read = profile ? this.deps.reveals.storedReading(userId, profile.ocrTextEnc) : null;
    const identity = profile ? this.deps.reveals.typedIdentity(userId, profile) : null;
    const typed: OcrValues = {
      nik: profile ? this.deps.reveals.nik(userId, profile.nikEnc) : null,
      name: identity?.name ?? null,
      birth_date: identity?.birthDate ?? null,
      gender: profile?.gender ?? null,
      religion: profile?.religion ?? null,
      marital: profile?.marriage ?? null,
    };
    const readValues: OcrValues = {
      nik: read?.ktp_id_number ?? null,
      name: read?.name ?? null,
      birth_date: read?.date_of_birth ?? null,
      gender: read?.gender ?? null,
      religion: read?.religion ?? null,
      marital: read?.marital ?? null,
    };
    const fields = (['nik', 'name', 'birth_date', 'gender', 'religion', 'marital'] as const).map((field) => {
      const a = readValues[field];
      const b = typed[field];
      return { field, matches: a === null ? null : sameValue(field, a, b) };
    });
    return { confidence: read?.confidence ?? null, fields };
  }

  /** The cash-loan product's range and step today: what a reviewer may approve. */
  private async limitRange(): Promise<{ min: Rupiah; max: Rupiah; step: Rupiah }> {
    const products = await this.deps.products.offered(businessDateAt(this.deps.clock.now()));
    const product = products.find((p) => p.kind === 'cash-loan');
    if (!product) throw new Error('no cash-loan product is offered today');
    return {
      min: product.amount.min as Rupiah,
      max: product.amount.max as Rupiah,
      step: product.amount.step as Rupiah,
    };
  }

  async decide(actor: Actor, applicationId: string, decision: ReviewerDecisionInput, reason: string) {
    if (decision.outcome === 'approve') {
      const range = await this.limitRange();
      const limit = decision.limitAmount ?? 0;
      if (limit < range.min || limit > range.max || !isOnStep(range, limit))
        throw new AppError('VALIDATION', { fields: { limit_amount: 'limit.range' } }, 'limit.range');
    }
    const input = {
      applicationId,
      outcome: decision.outcome === 'approve' ? ('approved' as const) : ('rejected' as const),
      limitAmount: decision.outcome === 'approve' ? decision.limitAmount : null,
    };
    if (input.limitAmount !== null && input.limitAmount > this.deps.secondReviewerAbove) {
      if (actor.kind !== 'staff') throw new AppError('FORBIDDEN');
      // Maker-checker: asked now, made when another reviewer approves (approvals module runs this same command).
      const requested = await this.deps.approvals.request(this.decideCommand.name, input, actor, reason);
      return {
        application_id: applicationId,
        state: 'pending_approval' as const,
        limit_amount: input.limitAmount,
        approval_request_id: requested.id,
      };
    }
    const decided = await this.deps.commands.run(this.decideCommand, input, actor, { reason });
    this.deps.applications.afterDecision();
    return { ...decided, approval_request_id: null };
  }

  /** What a second reviewer sees of an approval waiting for them: the application, its doubts and the limit. */
  async approvalPreview(tx: DbOrTx, input: z.infer<typeof decideInput>): Promise<Record<string, unknown>> {
    const application = await this.deps.repo.application(tx, input.applicationId);
    if (!application) throw new AppError('NOT_FOUND');
    if (application.state !== 'review') throw new AppError('APPLICATION_NOT_IN_REVIEW');
    return {
      applicationId: application.id,
      borrowerId: application.userId,
      flags: application.reviewFlags,
      outcome: input.outcome,
      limitAmount: input.limitAmount,
      suggestedLimit: rulesRecordOf(application.decision).suggestedLimit ?? null,
    };
  }

  /** The reviewer's decision as a command: run at once, or by the approvals module once a second reviewer agrees. */
  readonly decideCommand = defineCommand({
    name: 'application.review.decide',
    input: decideInput,
    actors: ['staff'],
    permission: PERMISSIONS.applicationDecide,
    handle: async (tx, input, { actor }) => {
      const { repo, applications } = this.deps;
      const application = await repo.inReviewForUpdate(tx, input.applicationId);
      if (!application) {
        if (!(await repo.application(tx, input.applicationId))) throw new AppError('NOT_FOUND');
        throw new AppError('APPLICATION_NOT_IN_REVIEW');
      }
      const reviewerId = actor.kind === 'staff' ? actor.staffId : 'unknown';
      const row = await applications.decideInReview(tx, application, {
        reviewerId,
        outcome: input.outcome,
        limitAmount: input.limitAmount as Rupiah | null,
      });
      if (!row) throw new AppError('APPLICATION_NOT_IN_REVIEW');
      return {
        result: {
          application_id: row.id,
          state: input.outcome,
          limit_amount: input.outcome === 'approved' ? (input.limitAmount as Rupiah) : null,
        },
        subject: { type: 'credit_application', id: row.id },
        outcome: input.outcome,
        before: { state: 'review', flags: application.reviewFlags },
        after: { state: input.outcome, limitAmount: input.limitAmount },
      };
    },
  });
}

function rulesRecordOf(decision: unknown): z.infer<typeof rulesRecordSchema> {
  // A reviewer's decision keeps the rules' record under `rules` (ApplicationService.decideInReview).
  const rulesRecord =
    decision && typeof decision === 'object' && 'review' in decision
      ? (decision as { rules?: unknown }).rules
      : decision;
  const parsed = rulesRecordSchema.safeParse(rulesRecord ?? {});
  return parsed.success ? parsed.data : {};
}

function flagsOf(flags: readonly string[], locale: Locale) {
  return flags
    .filter((code): code is ReviewFlag => code in REVIEW_FLAGS)
    .map((code) => ({ code, text: REVIEW_FLAGS[code][locale] }));
}

function sameValue(field: keyof OcrValues, read: string | number, typed: string | number | null): boolean {
  if (typed === null) return false;
  if (field === 'nik') return normaliseNik(String(read)) === normaliseNik(String(typed));
  if (field === 'name')
    return (
      String(read).trim().replace(/\s+/g, ' ').toUpperCase() ===
      String(typed).trim().replace(/\s+/g, ' ').toUpperCase()
    );
  return String(read) === String(typed);
}
