import type { ERRORS } from '../i18n/error-codes.ts';
import type { ComplaintCategory } from './complaint-rules.ts';

type ContactSupportError =
  | 'KTP_REGISTERED'
  | 'KTP_SUBMITTED'
  | 'ACCOUNT_BLOCKED'
  | 'AGREEMENT_COPY_UNAVAILABLE'
  | 'RELIEF_ALREADY_GIVEN';

/**
 * The refusals whose message tells the borrower to contact customer service, by envelope code, with the complaint
 * category Me > Help opens its form with. Typed against the catalogue (i18n/error-codes.ts) but not importing it at
 * run time: that module carries every message in both languages, and this one is read by first-paint code.
 */
export const SUPPORT_CATEGORY_BY_CODE: Readonly<Record<number, ComplaintCategory>> = {
  4263: 'personal_data',
  4261: 'personal_data',
  4340: 'account',
  4305: 'loan',
  4431: 'bill',
} satisfies { [C in (typeof ERRORS)[ContactSupportError]['code']]: ComplaintCategory };

/** The query parameter of Me > Help that chooses the complaint form's category (`/me/help?category=account`). */
export const HELP_CATEGORY_PARAM = 'category';
/** And the loan the complaint is about (`&order_id=`), when the page that links knows it. */
export const HELP_ORDER_PARAM = 'order_id';
/** And the collection contact it is about (`&contact_id=`), from the loan's collection log: flagged for compliance. */
export const HELP_CONTACT_PARAM = 'contact_id';
