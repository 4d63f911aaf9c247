import type { Rupiah } from '../money/rupiah.ts';
import { addDays } from '../pricing/business-date.ts';
import { affordabilityRule } from './affordability-rule.ts';
import type { CreditInputs, CreditPolicy, RuleOutcome } from './credit-inputs.ts';
import { eligibilityRule } from './eligibility-rule.ts';
import { platformsRule } from './platforms-rule.ts';
import type { CreditReasonCode } from './reasons.ts';
import { scorecardRule } from './scorecard.ts';

export interface CreditDecision {
  outcome: 'approved' | 'rejected';
  /** Approved: within the product's range, a whole number of steps from its minimum. Rejected: null. */
  limitAmount: Rupiah | null;
  /** Every failing rule's reasons, in rule order, once each. */
  reasons: CreditReasonCode[];
  rules: RuleOutcome[];
  score: number;
  policyVersion: string;
  /** What was decided on, for the record. */
  inputs: CreditInputs;
}

/**
 * Applies every rule (none is skipped when an earlier one fails, so the record explains all of them) and approves
 * only when all pass.
 */
export function decideCredit(inputs: CreditInputs, policy: CreditPolicy): CreditDecision {
  const scorecard = scorecardRule(inputs, policy);
  const rules: RuleOutcome[] = [
    eligibilityRule(inputs),
    platformsRule(inputs, policy),
    affordabilityRule(inputs, policy),
    { rule: scorecard.rule, passed: scorecard.passed, reasons: scorecard.reasons, facts: scorecard.facts },
  ];
  const reasons = [...new Set(rules.flatMap((r) => r.reasons))];
  const approved = reasons.length === 0;
  return {
    outcome: approved ? 'approved' : 'rejected',
    limitAmount: approved ? scorecard.limit : null,
    reasons,
    rules,
    score: scorecard.score,
    policyVersion: policy.version,
    inputs,
  };
}

/** The date from which a rejected borrower may apply again. */
export function reapplyDate(decidedOn: string, reapplyDays: number): string {
  return addDays(decidedOn, reapplyDays);
}
