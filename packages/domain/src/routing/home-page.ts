import { BILL_STATUS, VERIFY, type UserStatus } from '../contract/user.ts';

/** The home child pages the status can lead to (paths under /home). */
export type HomePage =
  | 'unaudited'
  | 'auditing'
  | 'into-fail'
  | 'loan-product'
  | 'loaning'
  | 'pay-back'
  | 'add-bank'
  | 'status-default';

/** What the home shell shows for a status: the page, and whether a modal loads over it (spec section 4). */
export type HomeDecision = {
  page: HomePage;
  /** 'repay' on pay-back, 'loan-failed' when bill_status is 4. */
  modal: 'repay' | 'loan-failed' | null;
  /** The background keeps its special image only in bill state 2 or verify 0, 1, 3. */
  defaultBackground: boolean;
};

/**
 * Spec section 4, every case: not signed in -> unaudited; verify 0/1/3 -> unaudited/auditing/into-fail;
 * verify 2 by bill_status (0 and 3 loan-product, 1 loaning, 2 pay-back with a modal, 4 a failure modal then
 * add-bank when loan_fail_status is 1, else loan-product); anything else the default status page.
 */
export function homePageFor(status: UserStatus | null): HomeDecision {
  if (!status) return { page: 'unaudited', modal: null, defaultBackground: false };
  switch (status.verify) {
    case VERIFY.UNAUDITED:
      return { page: 'unaudited', modal: null, defaultBackground: false };
    case VERIFY.AUDITING:
      return { page: 'auditing', modal: null, defaultBackground: false };
    case VERIFY.REJECTED:
      return { page: 'into-fail', modal: null, defaultBackground: false };
    case VERIFY.APPROVED:
      return byBillStatus(status);
    default:
      return { page: 'status-default', modal: null, defaultBackground: true };
  }
}

function byBillStatus(status: UserStatus): HomeDecision {
  switch (status.loan_status.bill_status) {
    case BILL_STATUS.NONE:
    case BILL_STATUS.SETTLED:
      return { page: 'loan-product', modal: null, defaultBackground: true };
    case BILL_STATUS.LOANING:
      return { page: 'loaning', modal: null, defaultBackground: true };
    case BILL_STATUS.REPAYING:
      return { page: 'pay-back', modal: 'repay', defaultBackground: false };
    case BILL_STATUS.FAILED:
      return {
        page: status.loan_info.loan_fail_status === 1 ? 'add-bank' : 'loan-product',
        modal: 'loan-failed',
        defaultBackground: true,
      };
    default:
      return { page: 'status-default', modal: null, defaultBackground: true };
  }
}
