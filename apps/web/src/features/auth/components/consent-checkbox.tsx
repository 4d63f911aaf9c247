import { useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import './auth-forms.css';
import { FieldError } from '../../../components/field-error.tsx';
import { useValueShownBeforeHydration } from '../../../components/use-value-shown-before-hydration.ts';

/** Spec section 5: agreeing to the agreements and privacy policy is needed to log in. */
export function ConsentCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string | null;
}) {
  const t = useT();
  const box = useRef<HTMLInputElement>(null);
  useValueShownBeforeHydration(box, (el) => el.checked, checked, onChange);
  // Opened in a new tab so the typed phone and code survive reading the documents.
  return (
    <div className="kk-consent">
      <label className="kk-consent__label">
        <input
          ref={box}
          type="checkbox"
          className="kk-consent__box"
          data-testid="consent"
          checked={checked}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {t('login.consentPrefix')}{' '}
          <a href={paths.legalTerms.path} target="_blank" rel="noreferrer" data-testid="consent-terms">
            {t('login.agreement')}
          </a>{' '}
          {t('login.and')}{' '}
          <a href={paths.legalPrivacy.path} target="_blank" rel="noreferrer" data-testid="consent-privacy">
            {t('login.privacy')}
          </a>
        </span>
      </label>
      <FieldError error={error} />
    </div>
  );
}
