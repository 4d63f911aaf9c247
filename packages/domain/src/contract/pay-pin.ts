import { z } from 'zod';
import { smsCodeSchema } from '../validation/sms-code.ts';
import { captchaAnswer, smsCodeResponseSchema } from './auth.ts';
import { defineCall } from './define-call.ts';
import { payPinField } from './pay-pin-field.ts';

export const payPinCodeBodySchema = z.object(captchaAnswer);
export const setPayPinBodySchema = z
  .object({ pin: payPinField, pin_confirm: payPinField, sms_code: smsCodeSchema })
  .refine((b) => b.pin === b.pin_confirm, { path: ['pin_confirm'], error: 'pay_pin.mismatch' });
export const payPinSchema = z.object({ pay_pin_set: z.boolean() });

/**
 * The payment PIN's own calls. Its paths stay under /v1/commerce, where the checkout pages first used them; the PIN
 * itself confirms cash-loan orders and bank-card changes too.
 */
export const payPinCalls = {
  sendPayPinCode: defineCall('sendPayPinCode', {
    tag: 'commerce',
    summary: 'Send a code to set or reset the payment PIN',
    description:
      "An SMS code to the borrower's own phone, needed to set the PIN the first time and to reset a forgotten or locked one.",
    errors: ['SMS_COOLDOWN', 'SMS_DAILY_LIMIT', 'CAPTCHA_WRONG', 'RATE_LIMITED'],
    body: payPinCodeBodySchema,
    response: smsCodeResponseSchema,
  }),
  setPayPin: defineCall('setPayPin', {
    tag: 'commerce',
    summary: 'Set or reset the 6-digit payment PIN',
    description:
      'With an SMS code from /v1/commerce/pay_pin_code: a stolen session alone cannot choose the PIN that confirms purchases. Clears a lock.',
    errors: ['SMS_CODE_WRONG', 'SMS_CODE_EXPIRED', 'SMS_CODE_LOCKED', 'RATE_LIMITED'],
    body: setPayPinBodySchema,
    response: payPinSchema,
  }),
};
