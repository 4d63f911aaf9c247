/**
 * What a staff member may do in the back office: each permission names one action, and the server checks it on the
 * call and again on the command it runs (commands/command-executor.ts). The names the loan and refund commands were
 * written with are kept as they are: they are already in audit rows.
 */
export const PERMISSIONS = {
  loanRead: 'loan.read',
  applicationDecide: 'application.decide',
  paymentResolve: 'payment.resolve',
  refundApprove: 'refunds.approve',
  productPropose: 'product.propose',
  productApprove: 'product.approve',
  piiReveal: 'pii.reveal',
  staffManage: 'staff.manage',
  auditRead: 'audit.read',
  waiveLateFees: 'loans.waive_late_fees',
  writeOff: 'loans.write_off',
  // review and borrowers (h/review)
  borrowerBlock: 'borrower.block',
  /** Computing the platform figures now and publishing them on the landing page (administrators only). */
  figuresPublish: 'figures.publish',
  // collections (h/collections)
  /** Recording a collection contact and a promise-to-pay. */
  collectionContact: 'collection.contact',
  // messages, feedback, complaints and disbursements (h/care)
  complaintAnswer: 'complaint.answer',
  disbursementManage: 'disbursement.manage',
  // personal-data rights (h/rights)
  /** Deciding a borrower's request to correct a locked identity field (the change is an audited command). */
  personalDataCorrect: 'personal_data.correct',
  // relief (h/relief): one proposes the days or declines, another approves
  reliefPropose: 'relief.propose',
  reliefApprove: 'relief.approve',
} as const;

export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

const ALL = Object.values(PERMISSIONS);
const P = PERMISSIONS;

/**
 * Roles as sets of permissions. A role is data, not code: the checks only ever ask for a permission, so changing what
 * a role may do is one line here. Maker-checker duties (proposing and approving a product) sit with different roles;
 * the administrator holds both, and the command itself still refuses an approval by the proposer.
 */
export const ROLES = {
  administrator: ALL,
  risk_reviewer: [P.loanRead, P.applicationDecide, P.productPropose, P.piiReveal, P.personalDataCorrect],
  finance: [
    P.loanRead,
    P.paymentResolve,
    P.refundApprove,
    P.productApprove,
    P.waiveLateFees,
    P.writeOff,
    P.disbursementManage,
    P.reliefApprove,
  ],
  collector: [P.loanRead, P.piiReveal, P.waiveLateFees, P.collectionContact, P.reliefPropose],
  customer_support: [
    P.loanRead,
    P.piiReveal,
    P.paymentResolve,
    P.borrowerBlock,
    P.complaintAnswer,
    P.personalDataCorrect,
    P.reliefPropose,
  ],
  // Sees, never changes: no permission of an auditor runs a command.
  auditor: [P.loanRead, P.auditRead],
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLES;

export const ROLE_NAMES = Object.keys(ROLES) as Role[];

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLES[role];
}
