import { z } from 'zod';

/** Length of SMS verification codes and of the code input (spec section 9). */
export const SMS_CODE_LENGTH = 6;

export const smsCodeSchema = z
  .string({ error: 'sms_code.required' })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'sms_code.invalid' });
