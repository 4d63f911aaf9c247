import { z } from 'zod';
import { passwordWeakness } from './password-strength.ts';

/** Spec section 5: 6-20 letters or digits. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;

export const passwordSchema = z
  .string({ error: 'password.required' })
  .regex(PASSWORD_PATTERN, { error: 'password.rule' });

/** A password being chosen: the spec's pattern, and not one of the trivially guessable ones. */
export const newPasswordFieldSchema = passwordSchema.superRefine((password, ctx) => {
  // One message at a time: a password that breaks the pattern is told that first.
  if (!PASSWORD_PATTERN.test(password)) return;
  const weakness = passwordWeakness(password);
  if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
});

/** The fields of a new password with its confirmation. */
const newPasswordShape = {
  password: newPasswordFieldSchema,
  confirm_password: z.string({ error: 'password.required' }),
};
type NewPassword = { password: string; confirm_password: string };

/**
 * A new password with its confirmation, next to the form's other fields; the mismatch is reported on the
 * confirmation field, and a password made of the form's own phone (when it has one) on the password. Every form that
 * sets a password builds its schema here, so the rule exists once.
 */
export function newPasswordSchema<S extends z.ZodRawShape>(otherFields: S) {
  return z
    .object({ ...otherFields, ...newPasswordShape })
    .refine((v) => (v as NewPassword).password === (v as NewPassword).confirm_password, {
      error: 'password.mismatch',
      path: ['confirm_password'],
    })
    .refine((v) => passwordWeakness((v as NewPassword).password, phoneOf(v)) !== 'password.phone', {
      error: 'password.phone',
      path: ['password'],
    });
}

const phoneOf = (v: unknown): string | undefined => {
  const phone = (v as { phone?: unknown }).phone;
  return typeof phone === 'string' ? phone : undefined;
};
