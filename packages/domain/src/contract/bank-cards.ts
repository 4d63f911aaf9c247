import { z } from 'zod';
import { bankAccountSchema } from '../validation/profile.ts';
import { smsCodeSchema } from '../validation/sms-code.ts';
import { captchaAnswer, optionalText, smsCodeResponseSchema } from './auth.ts';
import { instantText } from './formats.ts';
import { defineCall } from './define-call.ts';
import { CONFIRMING_PIN, payPinField } from './pay-pin-field.ts';

/**
 * The borrower's bank cards (spec sections 2 and 7): the banks a loan can be paid into, the onboarding step's account,
 * and the cards managed from Me (choose the default, remove, add with a code). The card of a failed disbursement is
 * corrected through the order (loans.ts, bank_patch). The calls keep the tags they were documented under, so the API
 * document is unchanged.
 */

export const bankListSchema = z.object({
  list: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      kind: z
        .enum(['bank', 'ewallet'])
        .describe('ewallet: the account number is the phone the e-wallet is registered to (08...).'),
    }),
  ),
});

/** GET /v1/user/bank: the borrower's verified account, the number masked; null before the bank step. */
export const bankAccountViewSchema = z.object({
  account: z
    .object({
      bank: z.string(),
      bank_name: z.string(),
      card_num_masked: z.string(),
      name: z.string(),
      verified_at: instantText,
    })
    .nullable(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

/** GET /v1/user/bank with every saved card: the default one as `account` (the onboarding step's view) and the list. */
export const bankCardsSchema = bankAccountViewSchema.extend({
  cards: z.array(
    z.object({
      id: z.string(),
      bank: z.string(),
      bank_name: z.string(),
      card_num_masked: z.string(),
      name: z.string(),
      is_default: z.boolean(),
      in_use: z
        .boolean()
        .describe('A disbursement to it is queued or with the bank: it cannot be removed now.'),
    }),
  ),
});
export type BankCards = z.infer<typeof bankCardsSchema>;

/** POST /v1/user/setbank (spec: id): the card loans are paid into. */
export const setBankBodySchema = z.object({
  id: z.string({ error: 'bank.required' }).trim().min(1, { error: 'bank.required' }).max(64),
});

/** POST /v1/user/setbank with the payment PIN: choosing where loans are paid is a bank-card change. */
export const setDefaultBankBodySchema = setBankBodySchema.extend({
  pay_pin: optionalText(payPinField).describe(CONFIRMING_PIN),
});
export type SetDefaultBankBody = z.input<typeof setDefaultBankBodySchema>;

/**
 * Cards one borrower may keep: a salary and a savings account or two. Each is a place money can be sent, so the list is
 * kept short for the borrower to review at a glance.
 */
export const BANK_CARDS_MAX = 5;

/** POST /v1/user/bank_code (ours): a code to the borrower's own registered phone, to add a card from Me. */
export const bankCardCodeBodySchema = z.object(captchaAnswer);
export type BankCardCodeBody = z.input<typeof bankCardCodeBodySchema>;
export const bankCardCodeResponseSchema = smsCodeResponseSchema.extend({
  phone_masked: z
    .string()
    .describe(
      'Where the code went, masked (never another number: a stolen session cannot route it elsewhere).',
    ),
});
export type BankCardCodeResponse = z.infer<typeof bankCardCodeResponseSchema>;

/**
 * POST /v1/user/bank_add (spec bank card: bank, card_num, id, mobile, name, sms_code): a new card, checked with the bank
 * and in the KTP name like the onboarding step, confirmed by the code sent to the borrower's phone. It becomes the
 * default. With `id`, it replaces that card (removed unless a disbursement is on its way to it). `mobile` is not read:
 * the code only ever goes to the registered phone.
 */
export const bankCardAddBodySchema = bankAccountSchema.extend({
  sms_code: smsCodeSchema,
  id: optionalText(z.string().trim().max(64)),
  pay_pin: optionalText(payPinField).describe(CONFIRMING_PIN),
});
export type BankCardAddBody = z.input<typeof bankCardAddBodySchema>;
export type BankCardAdd = z.output<typeof bankCardAddBodySchema>;

export const bankCardCalls = {
  getBankList: defineCall('getBankList', {
    tag: 'profile',
    summary: 'Banks a loan can be paid into',
    description: 'Codes and names; the answer is the same for everyone and may be cached.',
    errors: [],
    response: bankListSchema,
  }),
  getBank: defineCall('getBank', {
    tag: 'profile',
    summary: "The borrower's bank accounts",
    description:
      'The default account (`account`, null before the bank step) and every saved card (`cards`), numbers masked; a card money is being sent to is `in_use`.',
    errors: [],
    response: bankCardsSchema,
  }),
  saveBank: defineCall('saveBank', {
    tag: 'profile',
    summary: 'Add the bank account',
    description:
      'The bank is asked who holds the account (account inquiry); the holder must be the borrower named on the KTP (4270), and the account must exist and be open (4271). When the bank cannot be reached nothing is saved (4272). Needs the KTP step first (4264).',
    errors: [
      'PROFILE_STEP_MISSING',
      'BANK_NAME_MISMATCH',
      'BANK_ACCOUNT_NOT_FOUND',
      'BANK_CHECK_UNAVAILABLE',
      'PROFILE_LOCKED',
    ],
    body: bankAccountSchema,
    response: bankAccountViewSchema,
  }),
  setDefaultBank: defineCall('setDefaultBank', {
    tag: 'loans',
    summary: 'Choose the card loans are paid into',
    description:
      'By the id of a saved card. A borrower who has set a payment PIN confirms it with the PIN (4427 without it, checked before anything else), as adding a card.',
    errors: ['NOT_FOUND', 'PAY_PIN_REQUIRED', 'PAY_PIN_WRONG', 'PAY_PIN_LOCKED'],
    body: setDefaultBankBodySchema,
    response: bankCardsSchema,
  }),
  removeBankCard: defineCall('removeBankCard', {
    tag: 'loans',
    summary: 'Remove a saved card',
    description: 'Not the only card, and not one a disbursement is being sent to (4302).',
    errors: ['NOT_FOUND', 'CARD_IN_USE'],
    body: setBankBodySchema,
    response: bankCardsSchema,
  }),
  sendBankCardCode: defineCall('sendBankCardCode', {
    tag: 'loans',
    summary: "Send a code to the borrower's phone to add a bank card",
    description:
      'Always to the registered phone (masked in the answer). The same limits as every code, plus a daily limit per borrower; `captcha: 1` means nothing was sent and the call must be repeated with the image captcha.',
    errors: ['CAPTCHA_WRONG', 'SMS_COOLDOWN', 'SMS_DAILY_LIMIT', 'RATE_LIMITED'],
    body: bankCardCodeBodySchema,
    response: bankCardCodeResponseSchema,
  }),
  addBankCard: defineCall('addBankCard', {
    tag: 'loans',
    summary: 'Add a bank card (with the SMS code)',
    description:
      'The bank is asked who holds the account; the holder must be the borrower named on the KTP. The code is checked only after the bank accepted, so a mistyped account does not use it up. The new card becomes the default; with `id` it replaces that card. The borrower is told by SMS that a card was added.',
    errors: [
      'SMS_CODE_WRONG',
      'SMS_CODE_EXPIRED',
      'SMS_CODE_LOCKED',
      'BANK_NAME_MISMATCH',
      'BANK_ACCOUNT_NOT_FOUND',
      'BANK_CHECK_UNAVAILABLE',
      'CARD_ALREADY_SAVED',
      'TOO_MANY_CARDS',
      'PROFILE_INCOMPLETE',
      'NOT_FOUND',
      'RATE_LIMITED',
      'PAY_PIN_REQUIRED',
      'PAY_PIN_WRONG',
      'PAY_PIN_LOCKED',
    ],
    body: bankCardAddBodySchema,
    response: bankCardsSchema,
  }),
};
