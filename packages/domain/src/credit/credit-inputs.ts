import type { Rupiah } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import type { LoanProduct } from '../pricing/product.ts';
import { AFFORDABILITY_TABLE, type AffordabilityRow } from '../pricing/regulatory-caps.ts';
import type { CreditBureauReport } from './bureau-report.ts';
import type { CreditReasonCode } from './reasons.ts';

/** Everything a credit decision reads, gathered by the server. No NIK and no name: the record stores these inputs. */
export interface CreditInputs {
  businessDate: BusinessDate;
  /** YYYY-MM-DD as on the KTP; null when not confirmed. */
  birthDate: string | null;
  ktpConfirmed: boolean;
  bankAccountVerified: boolean;
  facePassed: boolean;
  whatsappVerified: boolean;
  job: {
    hasJob: boolean;
    /** Salary range 1-4 (spec section 3), null without one. */
    salaryRange: number | null;
    /** Integer rupiah a month, as the borrower stated it. */
    monthlyIncome: Rupiah;
    /** Other-loan status: 1 unpaid, 2 paid, 3 none; null when not given. */
    otherLoanStatus: number | null;
    /** Other lending apps the borrower says they use. */
    declaredOtherPlatforms: number;
  };
  bureau: CreditBureauReport;
  /** The borrower's loans with us (zeros for a first-time borrower). */
  ownHistory: { loansRepaid: number; repaidLate: number; overdueNow: boolean };
}

/** The lender's policy: configuration, not code, except where regulation fixes it. */
export interface CreditPolicy {
  /** Version stored with each decision, so a decision can be explained by the policy it used. */
  version: string;
  /** OJK: a borrower may hold loans on at most 3 lending platforms, ours included. */
  maxPlatforms: number;
  /** Days past due from which a loan elsewhere is serious arrears (the FDC's "macet" is over 90). */
  seriousArrearsDays: number;
  /** The cash-loan product the limit is for: its amount range and step bound every limit. */
  product: LoanProduct;
  /** The affordability rule by date (30% of income from 2026). */
  affordability: readonly AffordabilityRow[];
  /** Below this score the application is refused (scorecard.ts). */
  minScore: number;
}

export const CREDIT_POLICY_VERSION = '2026-11-24';

export function creditPolicyFor(product: LoanProduct, overrides: Partial<CreditPolicy> = {}): CreditPolicy {
  return {
    version: CREDIT_POLICY_VERSION,
    maxPlatforms: 3,
    seriousArrearsDays: 90,
    product,
    affordability: AFFORDABILITY_TABLE,
    minScore: 30,
    ...overrides,
  };
}

/** Facts that explain a rule's outcome: JSON-safe figures, never personal data. */
export type RuleFacts = Record<string, string | number | boolean | null>;

/** One rule's verdict, stored with the decision. */
export interface RuleOutcome {
  rule: 'eligibility' | 'platforms' | 'affordability' | 'scorecard';
  passed: boolean;
  reasons: CreditReasonCode[];
  facts: RuleFacts;
}
