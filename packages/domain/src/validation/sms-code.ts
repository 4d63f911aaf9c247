import { z } from 'zod';

/** Length of SMS verification codes and of the code input (spec section 9). */
export const SMS_CODE_LENGTH = 6;

export const smsCodeSchema = z
  .string({ error: 'sms_code.required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'sms_code.invalid' });
