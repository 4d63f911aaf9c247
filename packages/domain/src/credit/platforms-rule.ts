import type { CreditInputs, CreditPolicy, RuleOutcome } from './credit-inputs.ts';
import type { CreditReasonCode } from './reasons.ts';

/** Distinct platforms on which the bureau shows a loan still outstanding. */
export function bureauPlatforms(inputs: CreditInputs): number {
  return new Set(inputs.bureau.loans.filter((l) => l.status === 'outstanding').map((l) => l.platformId)).size;
}

/**
 * OJK: loans on at most `maxPlatforms` platforms, ours included; and no serious arrears elsewhere (a loan
 * `seriousArrearsDays` or more late, or written off). The bureau lags (platforms report periodically) while the
 * borrower's own statement may be newer, so the larger of the two counts.
 */
export function platformsRule(inputs: CreditInputs, policy: CreditPolicy): RuleOutcome {
  const fromBureau = bureauPlatforms(inputs);
  const others = Math.max(fromBureau, inputs.job.declaredOtherPlatforms);
  const seriousArrears = inputs.bureau.loans.filter(
    (l) =>
      l.status === 'written_off' ||
      (l.status === 'outstanding' && (l.daysPastDue >= policy.seriousArrearsDays || l.quality === 'loss')),
  ).length;
  const reasons: CreditReasonCode[] = [];
  if (others + 1 > policy.maxPlatforms) reasons.push('too_many_platforms');
  if (seriousArrears > 0) reasons.push('serious_arrears_elsewhere');
  return {
    rule: 'platforms',
    passed: reasons.length === 0,
    reasons,
    facts: {
      bureauFound: inputs.bureau.found,
      bureauPlatforms: fromBureau,
      declaredPlatforms: inputs.job.declaredOtherPlatforms,
      otherPlatforms: others,
      maxPlatforms: policy.maxPlatforms,
      seriousArrearsLoans: seriousArrears,
    },
  };
}
