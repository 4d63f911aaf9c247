import { useState } from 'react';
import type { ZodSafeParseResult } from 'zod';
import type { LoginBody } from '@kaskita/domain/contract/auth';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { useLocale } from '../../../lib/i18n.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { useLogin } from '../api/login.ts';
import { completeLogin } from '../complete-login.ts';

/**
 * What the SMS and password login forms share (spec section 5): the consent tick, the errors shown,
 * and submitting: field and consent errors appear together, and only a valid, consented form logs in.
 */
export function useConsentLogin(onLoggedIn: (isNew: boolean) => void) {
  const locale = useLocale();
  const [consent, setTicked] = useState(false);
  const { errors, setErrors, setError, edit } = useFieldErrors();
  // Ticking the box answers its error; unticking does not bring it back until the next submit.
  const setConsent = (ticked: boolean) => {
    setTicked(ticked);
    if (ticked) setError('consent', '');
  };
  const { mutate, isPending } = useLogin();

  /** Takes the form's own safeParse, so each form keeps its schema. */
  const submit = async (parsed: ZodSafeParseResult<LoginBody>) => {
    const next = fieldErrors(parsed, locale);
    if (!consent) next.consent = validationMessage('consent.required', locale);
    setErrors(next);
    if (!parsed.success || !consent) return;
    try {
      const res = await mutate(parsed.data);
      completeLogin(res);
      onLoggedIn(res.is_new);
    } catch {
      // shown by the api client; keep what was typed so one wrong digit is a one-digit fix
    }
  };

  return { consent, setConsent, errors, setError, edit, isPending, submit };
}
