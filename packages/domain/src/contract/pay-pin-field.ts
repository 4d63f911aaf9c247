import { z } from 'zod';
import { PAY_PIN_LENGTH } from './pay-pin-length.ts';

export { PAY_PIN_LENGTH };

/**
 * The PIN as a form field: a purchase, setting the PIN, and what it confirms once set (a cash-loan order, a bank-card
 * change).
 */
export const payPinField = z
  .string({ error: 'pay_pin.required' })
  .trim()
  .regex(new RegExp(`^\\d{${PAY_PIN_LENGTH}}$`), { error: 'pay_pin.invalid' });

/** What the PIN field of a cash-loan order or a bank-card change says of itself (OpenAPI). */
export const CONFIRMING_PIN =
  'The payment PIN: required once the borrower has set one (the call answers 4427 without it, before doing anything else), left out before.';
