import { z } from 'zod';
import { SMS_CODE_LENGTH } from './sms-code-length.ts';

export { SMS_CODE_LENGTH };

export const smsCodeSchema = z
  .string({ error: 'sms_code.required' })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'sms_code.invalid' });
