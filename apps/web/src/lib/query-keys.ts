import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query keys of the web's server state, by API area rather than by feature: one feature reads an answer that
 * another changes (a loan order moves the home's status and the available limit), and both name it from here, so an
 * invalidation cannot miss it by a typo. A query with parameters appends them to its key from here
 * (`[...loanKeys.plan, pid, ...]`), so invalidating the key here reaches every variant. The entry chunk carries this
 * file (the home's status is asked for there): keep it to keys and the lists of what changes together.
 */
export const appKeys = { config: ['app', 'config'] } as const;

export const userKeys = { status: ['user', 'status'], account: ['user', 'account'] } as const;

export const applicationKeys = {
  view: ['application', 'view'],
  limit: ['application', 'limit'],
  verification: ['application', 'verification'],
} as const;

export const profileKeys = {
  progress: ['profile', 'progress'],
  base: ['profile', 'base'],
  work: ['profile', 'work'],
  social: ['profile', 'social'],
  ktpPhoto: ['profile', 'ktp-photo'],
  /** A step's unsaved input: `[...draft, step]`. */
  draft: ['profile', 'draft'],
} as const;

export const bankKeys = {
  /** GET /v1/user/bank: the default account (the onboarding step's) and every saved card (Me), one answer. */
  cards: ['bank', 'cards'],
  /** The banks a loan can be paid into, the same for everyone. */
  list: ['bank', 'list'],
} as const;

export const loanKeys = {
  all: ['loans'],
  currentOrder: ['loans', 'current-order'],
  products: ['loans', 'products'],
  plan: ['loans', 'plan'],
  agreement: ['loans', 'agreement'],
  purposes: ['loans', 'purposes'],
} as const;

/** Every repayment answer is under `all`, so a payment refreshes them all at once. */
export const repaymentKeys = {
  all: ['repayments'],
  bills: ['repayments', 'bills'],
  claims: ['repayments', 'claims'],
  code: ['repayments', 'code'],
  methods: ['repayments', 'methods'],
  settlement: ['repayments', 'settlement'],
  records: ['repayments', 'records'],
  refunds: ['repayments', 'refunds'],
  loanRecords: ['repayments', 'loan-records'],
  /** A loan's collection contacts: `[...collectionLog, orderId]`. */
  collectionLog: ['repayments', 'collection-log'],
} as const;

export const authKeys = { captcha: ['captcha'] } as const;

export const regionKeys = { areas: ['regions', 'areas'] } as const;

export const landingKeys = { example: ['landing', 'example'] } as const;

/** What the borrower wrote to customer service, with the answers. */
export const feedbackKeys = { mine: ['feedback', 'mine'] } as const;

/** Me > Help: the page's content, the borrower's complaints, one case, and what a complaint may be about. */
export const complaintKeys = {
  help: ['help', 'content'],
  all: ['complaints'],
  mine: ['complaints', 'mine'],
  one: (id: string) => ['complaints', 'one', id] as const,
  subjects: ['complaints', 'subjects'],
} as const;

export const deviceKeys = { mine: ['devices', 'mine'], dataAccess: ['devices', 'data-access'] } as const;
/** Me > My data: consents, correction requests, what deleting the account would do. */
export const myDataKeys = {
  consents: ['my-data', 'consents'],
  corrections: ['my-data', 'corrections'],
  deletion: ['my-data', 'deletion'],
} as const;

/** Referral: my code, friends joined and the coupons earned. */
export const referralKeys = { mine: ['referral', 'mine'] } as const;

/** Pay-later at a merchant's checkout: the order, its plans and a plan's schedule, each under `all`. */
export const commerceKeys = {
  all: ['commerce'],
  order: ['commerce', 'order'],
  plans: ['commerce', 'plans'],
  preview: ['commerce', 'preview'],
} as const;

/**
 * What a loan order changes when it is made, cancelled, sent again to another account, disbursed or failed: the home's
 * status, the open order, the products (their maximum is the available limit), the limit itself, the bills and
 * histories, and the cards (the one the money goes to is `in_use`).
 */
export const LOAN_ORDER_CHANGES: readonly QueryKey[] = [
  userKeys.status,
  loanKeys.currentOrder,
  loanKeys.products,
  applicationKeys.limit,
  repaymentKeys.all,
  bankKeys.cards,
];

/**
 * What the credit decision changes: the home's status, the limit it gives, the application's view, and whether the
 * products may be taken (`can_borrow`).
 */
export const CREDIT_DECISION_CHANGES: readonly QueryKey[] = [
  userKeys.status,
  applicationKeys.limit,
  applicationKeys.view,
  loanKeys.products,
];

/** What a payment arriving changes: the bills and histories, the home's status, the loan and the limit it frees. */
export const PAYMENT_CHANGES: readonly QueryKey[] = [
  repaymentKeys.all,
  userKeys.status,
  loanKeys.all,
  applicationKeys.limit,
];

/**
 * What a pay-later purchase changes: the checkout (now paid), and all a loan order changes (the new loan's bills, the
 * limit it uses).
 */
export const PURCHASE_CHANGES: readonly QueryKey[] = [
  commerceKeys.all,
  referralKeys.mine,
  ...LOAN_ORDER_CHANGES,
];

/** Marks every query under these keys stale; those on screen are fetched again at once, the others when next shown. */
export async function invalidate(client: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
