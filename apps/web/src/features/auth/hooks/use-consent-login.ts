import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { LoginBody } from '@kaskita/domain/contract/auth';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { useFormRefusal, type SchemaForm } from '../../../lib/use-schema-form.ts';
import { useLogin } from '../api/login.ts';
import { useCaptchaGate, withRefusal } from './use-captcha-gate.ts';

/**
 * Spec section 5: agreeing to the agreements and privacy policy is needed to log in. Checked by the form's schema
 * next to the login body's fields, so field and consent errors appear together. The box itself is not sent: what
 * is sent is what it accepted, the versions of the two documents (terms_version, privacy_version).
 */
export const consentShape = {
  consent: z.boolean().refine((ticked) => ticked, { error: 'consent.required' }),
};

type ConsentLogin = LoginBody & { consent: boolean };

/**
 * What the SMS and password login forms share: only a valid, consented form logs in, and after repeated failures
 * for the phone the server's captcha is asked for in a dialog (`captchaDialog`, for LazyCaptchaDialog). A refusal is
 * the form's to show (`refusal`: a wrong code beside the code field, a wrong password in the banner).
 */
export function useConsentLogin<In extends FieldValues, Out extends ConsentLogin>(
  form: SchemaForm<In, Out>,
  onLoggedIn: (isNew: boolean) => void,
) {
  const { mutateAsync, isPending } = useLogin();
  const gate = useCaptchaGate();
  const refusal = useFormRefusal(form);
  const submit = form.handleSubmit(async (values) => {
    const { consent: _consent, ...body }: ConsentLogin = values;
    refusal.dismiss();
    await gate.run(
      withRefusal(refusal.show, async (captcha) => {
        const res = await mutateAsync({ ...body, ...CONSENT_VERSIONS, ...captcha });
        onLoggedIn(res.is_new);
      }),
    );
  });
  return { submit, isPending, captchaDialog: gate.dialog, refusal };
}
