import { creditPolicyFor, type CreditInputs } from '@kaskita/domain/credit/credit-inputs';
import { decideCredit } from '@kaskita/domain/credit/decide-credit';
import { ageOn } from '@kaskita/domain/credit/eligibility-rule';
import { reviewFlagsOf, type ReviewRules } from '@kaskita/domain/credit/review-rules';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import type { DbOrTx } from '../../db/client.ts';
import {
  CreditBureauUnavailableError,
  type CreditBureauProvider,
} from '../../providers/credit-bureau/credit-bureau-provider.ts';
import type { CreditProfile } from '../profile/profile-service.ts';
import type { CreditDecider, DecisionOutcome } from './application-service.ts';

export interface RulesCreditDeciderDeps {
  profile: { creditProfile(userId: string, db?: DbOrTx): Promise<CreditProfile> };
  verification: {
    verificationFacts(
      userId: string,
    ): Promise<{ whatsappVerified: boolean; facePassed: boolean; faceLive: boolean }>;
    passedFaceDistance(userId: string): Promise<number | null>;
  };
  /** What hands an approval to a person instead (credit/review-rules.ts). */
  reviewRules: ReviewRules;
  bureau: CreditBureauProvider | null;
  products: { offered(date: string): Promise<readonly LoanProduct[]> };
}

/**
 * Gathers a borrower's inputs (profile, checks, the Fintech Data Center) and applies the domain's credit rules
 * (packages/domain/src/credit). Without a bureau answer nothing is decided: the job retries later.
 */
export class RulesCreditDecider implements CreditDecider {
  constructor(private readonly deps: RulesCreditDeciderDeps) {}

  async decide(userId: string, businessDate: string): Promise<DecisionOutcome> {
    const { profile: profiles, verification, bureau, products } = this.deps;
    if (!bureau)
      throw new CreditBureauUnavailableError('no credit bureau is configured (CREDIT_BUREAU_PROVIDER)');
    const product = (await products.offered(businessDate)).find((p) => p.kind === 'cash-loan');
    if (!product) throw new Error(`no cash-loan product is offered on ${businessDate}`);
    const [profile, checks, faceDistance] = await Promise.all([
      profiles.creditProfile(userId),
      verification.verificationFacts(userId),
      verification.passedFaceDistance(userId),
    ]);
    if (!profile.nik) throw new Error('a submitted application has no NIK');
    const report = await bureau.lookup({ nik: profile.nik, purpose: 'application' });

    const inputs: CreditInputs = {
      businessDate,
      birthDate: profile.birthDate,
      ktpConfirmed: profile.ktpConfirmed,
      bankAccountVerified: profile.bankAccountVerified,
      facePassed: checks.facePassed,
      whatsappVerified: checks.whatsappVerified,
      job: {
        hasJob: profile.hasJob,
        salaryRange: profile.salaryRange,
        monthlyIncome: profile.monthlyIncome,
        otherLoanStatus: profile.otherLoanStatus,
        declaredOtherPlatforms: profile.otherPlatforms,
      },
      bureau: report,
      // The borrowing issue adds loans with us; until then every borrower is new to us.
      ownHistory: { loansRepaid: 0, repaidLate: 0, overdueNow: false },
    };
    const decision = decideCredit(inputs, creditPolicyFor(product));
    const reviewFlags =
      decision.outcome === 'approved'
        ? reviewFlagsOf(
            {
              salaryRange: profile.salaryRange,
              monthlyIncome: profile.monthlyIncome,
              faceDistance,
              faceLive: checks.faceLive,
            },
            this.deps.reviewRules,
          )
        : [];
    // The record is kept in clear (credit_applications.decision): the birth date is encrypted in the profile, so the
    // record keeps the age the eligibility rule used instead.
    const { birthDate, ...recorded } = decision.inputs;
    return {
      outcome: decision.outcome,
      reviewFlags,
      limitAmount: decision.limitAmount,
      reasons: decision.reasons,
      record: {
        policyVersion: decision.policyVersion,
        productId: product.id,
        score: decision.score,
        rules: decision.rules,
        inputs: { ...recorded, age: birthDate ? ageOn(birthDate, recorded.businessDate) : null },
        faceDistance,
      },
    };
  }
}
