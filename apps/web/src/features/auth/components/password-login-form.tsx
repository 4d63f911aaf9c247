import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import { z } from 'zod';
import { phoneSchema } from '@kaskita/domain/validation/phone';
import { passwordSchema } from '@kaskita/domain/validation/password';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { TextField } from '../../../components/text-field.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { fieldErrors } from '../../../lib/form-errors.ts';
import { useLogin } from '../api/login.ts';
import { completeLogin } from '../complete-login.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import './auth-forms.css';

const schema = z.object({ phone: phoneSchema, password: passwordSchema });

/** Phone + password login (LoginPasswd). */
export function PasswordLoginForm({ initialPhone, onLoggedIn }: { initialPhone: string; onLoggedIn: (isNew: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const [phone, setPhone] = useState(initialPhone);
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { mutate, isPending } = useLogin();

  const submit = async () => {
    const parsed = schema.safeParse({ phone, password });
    const next = fieldErrors(parsed, locale);
    if (!consent) next.consent = validationMessage('consent.required', locale);
    setErrors(next);
    if (!parsed.success || !consent) return;
    try {
      const res = await mutate(parsed.data);
      completeLogin(res);
      onLoggedIn(res.is_new);
    } catch {
      // shown by the api client; the typed values stay
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('login.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('login.phonePlaceholder')}
        value={phone}
        onChange={setPhone}
        error={errors.phone}
        testId="login-phone"
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        onChange={setPassword}
        error={errors.password}
        testId="login-password"
      />
      <ConsentCheckbox checked={consent} onChange={setConsent} error={errors.consent} />
      <button type="submit" className="kk-btn kk-btn--primary kk-btn--block" data-testid="login-submit" disabled={isPending}>
        {t('login.submit')}
      </button>
      <LoadingOverlay visible={isPending} label={t('common.loading')} />
    </form>
  );
}
