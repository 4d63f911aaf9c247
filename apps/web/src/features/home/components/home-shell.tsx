import { useT } from '../../../lib/i18n.ts';
import type { ReactNode } from 'react';
import { LicenceBanner } from '../../../components/licence-banner.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import './home.css';
import { Icon } from '../../../components/icon.tsx';

/**
 * The /home frame: licence banner, the page, and the native app's store links where configuration has them (none
 * until an app is published). No back button: home is the root.
 */
export function HomeShell({ children }: { children: ReactNode }) {
  const t = useT();
  const { data: config } = useAppConfig();
  const ios = config?.app_download_ios;
  const android = config?.app_download_android;
  return (
    <div className="kk-home">
      <header className="kk-home__bar">
        <span className="kk-home__logo">KasKita</span>
      </header>
      <LicenceBanner>{t('ojk.licensed')}</LicenceBanner>
      <div className="kk-content">{children}</div>
      {(ios || android) && (
        <section className="kk-home__download" aria-label={t('download.heading')}>
          <h2 className="kk-home__download-title">{t('download.heading')}</h2>
          <div className="kk-home__download-links">
            {ios && (
              <a className="kk-btn kk-btn--ghost kk-btn--small" href={ios} rel="noreferrer" target="_blank">
                {t('download.ios')}
              </a>
            )}
            {android && (
              <a
                className="kk-btn kk-btn--ghost kk-btn--small"
                href={android}
                rel="noreferrer"
                target="_blank"
              >
                <Icon name="play" /> {t('download.android')}
              </a>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
