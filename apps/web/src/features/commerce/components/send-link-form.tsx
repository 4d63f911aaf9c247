import { useState } from 'react';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSendDownloadLink } from '../api/send-download-link.ts';
import { downloadTexts } from '../download-texts.ts';
import { refusalData } from '../refusal-data.ts';

/** The phone that gets the store links by SMS; the server limits how often any phone can be sent one. */
export function SendLinkForm() {
  const t = useT(downloadTexts);
  const send = useSendDownloadLink();
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async () => {
    setFieldError(null);
    setBanner(null);
    setSentTo(null);
    try {
      const answer = await send.mutateAsync(phone);
      setSentTo(answer.phone_masked);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const data = refusalData(e.data);
      // The server's message is in the borrower's language; the field it names is the phone.
      if (data.fields.includes('phone')) setFieldError(e.message);
      else if (data.retryAfter !== undefined)
        setBanner(t('payDownload.tryLater', { minutes: Math.max(1, Math.ceil(data.retryAfter / 60)) }));
      else setBanner(e.message);
    }
  };

  return (
    <form
      className="kk-checkout__send-link"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="kk-small kk-muted">{t('payDownload.smsHint')}</p>
      <PhoneField
        value={phone}
        onChange={(v) => {
          setPhone(v);
          setFieldError(null);
        }}
        error={fieldError}
        testId="download-phone"
      />
      <ErrorBanner message={banner} onDismiss={() => setBanner(null)} testId="download-banner" />
      {sentTo ? (
        <p role="status" data-testid="download-sent">
          {t('payDownload.sent', { phone: sentTo })}
        </p>
      ) : null}
      <button
        type="submit"
        className="kk-btn kk-btn--primary kk-btn--block"
        disabled={send.isPending || phone.trim() === ''}
        data-testid="download-send"
      >
        {t('payDownload.send')}
      </button>
    </form>
  );
}
