import { VERIFY } from '../contract/user.ts';

/** What decides whether a borrower may change their profile (users.verify and users.reapply_on). */
export interface ApplicationStanding {
  verify: number;
  /** After a rejection: the Asia/Jakarta date (YYYY-MM-DD) from which they may reapply; null otherwise. */
  reapplyOn: string | null;
}

/**
 * A profile can be edited before the first submit and, after a rejection, from the reapply date on. While an
 * application is auditing or approved, what was decided on stays as it was (4262 on any save).
 */
export function profileEditable(standing: ApplicationStanding, businessDate: string): boolean {
  if (standing.verify === VERIFY.UNAUDITED) return true;
  if (standing.verify === VERIFY.REJECTED)
    return standing.reapplyOn !== null && businessDate >= standing.reapplyOn;
  return false;
}
