import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useT } from '../../../lib/i18n.ts';
import { downloadTexts } from '../download-texts.ts';
import './commerce.css';

/**
 * The form that texts the store links is its own chunk: it shows only once an app is published (the configuration's
 * links, which arrive after the first paint), and the page is the first a shop's buyer may open.
 */
const SendLinkForm = lazy(() => import('./send-link-form.tsx').then((m) => ({ default: m.SendLinkForm })));

/**
 * /third/pay/download (not login-gated): what pay later is, in statements the product keeps (the plans the checkout
 * offers, the cost shown before the PIN), the app's store links and a phone field that texts them, both only once an
 * app is published (the configuration's links). No testimonial or figure is shown that nobody gave or counted.
 */
export function DownloadView() {
  const t = useT(downloadTexts);
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
          <Suspense fallback={null}>
            <SendLinkForm />
          </Suspense>
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
