import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSendDownloadLink } from '../api/send-download-link.ts';
import { commerceTexts } from '../commerce-texts.ts';
import { refusalData } from '../refusal-data.ts';
import './commerce.css';

/**
 * /third/pay/download (not login-gated): what pay later is, in statements the product keeps (the plans the checkout
 * offers, the cost shown before the PIN), the app's store links and a phone field that texts them, both only once an
 * app is published (the configuration's links). No testimonial or figure is shown that nobody gave or counted.
 */
export function DownloadView() {
  const t = useT(commerceTexts);
  const { data: config } = useAppConfig();
  const ios = config?.app_download_ios ?? null;
  const android = config?.app_download_android ?? null;
  return (
    <div className="kk-content kk-checkout" data-testid="page-pay-download">
      <section className="kk-card">
        <h1 className="kk-checkout__heading">{t('payDownload.heading')}</h1>
        <ul className="kk-checkout__facts">
          {(['plans', 'cost', 'pin', 'shops'] as const).map((fact) => (
            <li key={fact}>
              <Icon name="check" />
              <span>{t(`payDownload.fact_${fact}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      {/* The licence's words from the configuration once loaded; the same statement until then, so nothing moves. */}
      <LicenceBanner>{config?.ojk_licence_text ?? t('ojk.licensed')}</LicenceBanner>
      {ios || android ? (
        <section className="kk-card" aria-labelledby="download-app">
          <h2 className="kk-checkout__title" id="download-app">
            {t('payDownload.app')}
          </h2>
          <div className="kk-checkout__actions">
            {android ? (
              <a
                className="kk-btn kk-btn--ghost kk-btn--block"
                href={android}
                rel="noreferrer"
                target="_blank"
              >
                <Icon name="play" /> {t('payDownload.android')}
              </a>
            ) : null}
            {ios ? (
              <a className="kk-btn kk-btn--ghost kk-btn--block" href={ios} rel="noreferrer" target="_blank">
                {t('payDownload.ios')}
              </a>
            ) : null}
          </div>
          <SendLinkForm />
        </section>
      ) : (
        <section className="kk-card" data-testid="download-no-app">
          <p>{t('payDownload.noApp')}</p>
          <Link className="kk-btn kk-btn--primary kk-btn--block" to={paths.home.path}>
            {t('payDownload.useWeb')}
          </Link>
        </section>
      )}
    </div>
  );
}

/** The phone that gets the store links by SMS; the server limits how often any phone can be sent one. */
function SendLinkForm() {
  const t = useT(commerceTexts);
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
