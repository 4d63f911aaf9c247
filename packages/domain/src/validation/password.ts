import { z } from 'zod';

/** Spec section 5: 6-20 letters or digits. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;

export const passwordSchema = z
  .string({ error: 'password.required' })
  .regex(PASSWORD_PATTERN, { error: 'password.rule' });

/** A new password with its confirmation; the mismatch is reported on the confirmation field. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirm_password: z.string({ error: 'password.required' }) })
  .refine((v) => v.password === v.confirm_password, {
    error: 'password.mismatch',
    path: ['confirm_password'],
  });
