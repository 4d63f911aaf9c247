import { z } from 'zod';

/** Spec section 5: 6-20 letters or digits. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;

export const passwordSchema = z
  .string({ error: 'password.required' })
  .regex(PASSWORD_PATTERN, { error: 'password.rule' });

/** The fields of a new password with its confirmation. */
const newPasswordShape = {
  password: passwordSchema,
  confirm_password: z.string({ error: 'password.required' }),
};
type NewPassword = { password: string; confirm_password: string };

/**
 * A new password with its confirmation, next to the form's other fields; the mismatch is reported on the
 * confirmation field. Every form that sets a password builds its schema here, so the rule exists once.
 */
export function newPasswordSchema<S extends z.ZodRawShape>(otherFields: S) {
  return z
    .object({ ...otherFields, ...newPasswordShape })
    .refine((v) => (v as NewPassword).password === (v as NewPassword).confirm_password, {
      error: 'password.mismatch',
      path: ['confirm_password'],
    });
}
