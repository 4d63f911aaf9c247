import { useT, useLocale } from '../../../lib/i18n.ts';
import { useState } from 'react';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { useCaptcha } from '../api/get-captcha.ts';
import type { CaptchaOutcome } from '../hooks/use-code-sender.ts';
import { TextField } from '../../../components/text-field.tsx';
import { authTexts } from '../auth-texts.ts';
import './captcha-dialog.css';

type Props = {
  visible: boolean;
  onSubmit: (captchaId: string, captchaCode: string) => Promise<CaptchaOutcome>;
  onClose: () => void;
};

/**
 * The image captcha of spec sections 4 and 8: loads an image when opened; submit repeats the code request;
 * success or 4056 closes; any other error loads a fresh image; a failed image fetch clears the id.
 */
export function CaptchaDialog({ visible, onSubmit, onClose }: Props) {
  const t = useT(authTexts);
  const locale = useLocale();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts blank with an image of its own; reset while rendering so the previous answer never shows.
  const [opening, setOpening] = useState(0);
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) {
      setOpening((n) => n + 1);
      setCode('');
      setError(null);
    }
  }
  const captcha = useCaptcha(opening, visible);
  // A failed image fetch leaves no id to answer (the previous image is spent).
  const image = captcha.isError ? undefined : captcha.data;
  const id = image?.id ?? '';
  const png = image?.png ?? '';
  const failed = captcha.isError && !captcha.isFetching;
  const load = () => void captcha.refetch();

  const submit = async () => {
    if (!code.trim()) {
      setError(validationMessage('captcha.required', locale));
      return;
    }
    if (!id) {
      load();
      return;
    }
    setBusy(true);
    const outcome = await onSubmit(id, code.trim());
    setBusy(false);
    if (outcome === 'retry') {
      setCode('');
      load();
    }
  };

  return (
    <CenterPopup visible={visible} onMaskClick={onClose} destroyOnClose bodyClassName="kk-captcha">
      <h2 className="kk-captcha__title">{t('captcha.heading')}</h2>
      <p className="kk-muted kk-small">{t('captcha.hint')}</p>
      <button type="button" className="kk-captcha__image" onClick={load} aria-label={t('captcha.refresh')}>
        {png ? (
          <img data-testid="captcha-img" src={`data:image/png;base64,${png}`} alt={t('captcha.imageAlt')} />
        ) : (
          <span className="kk-small kk-muted">{failed ? t('captcha.loadFailed') : t('common.loading')}</span>
        )}
      </button>
      <TextField
        label={t('captcha.placeholder')}
        hideLabel
        testId="captcha-input"
        value={code}
        placeholder={t('captcha.placeholder')}
        autoComplete="off"
        autoCapitalize="off"
        error={error}
        onChange={(v) => {
          setCode(v);
          setError(null);
        }}
      />
      <div className="kk-captcha__actions">
        <button type="button" className="kk-btn kk-btn--ghost" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="kk-btn kk-btn--primary"
          data-testid="captcha-submit"
          disabled={busy}
          onClick={() => void submit()}
        >
          {t('common.confirm')}
        </button>
      </div>
    </CenterPopup>
  );
}
