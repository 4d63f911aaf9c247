import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { discoverTexts } from '../discover-texts.ts';
import './discover.css';

const SECTIONS = [
  { key: 'cash', href: paths.home.path },
  { key: 'payLater', href: paths.thirdPayDownload.path },
  { key: 'flexible', href: paths.activityFlexibleRepaymentIntroduce.path },
  { key: 'help', href: paths.meHelp.path },
] as const;

/** /discover: each thing KasKita does, said plainly, with the page where it starts. No figure, no promise it does not keep. */
export function DiscoverView() {
  const t = useT(discoverTexts);
  return (
    <div className="kk-content" data-testid="page-discover">
      <h1 className="kk-discover__heading">{t('discover.heading')}</h1>
      {SECTIONS.map(({ key, href }) => (
        <section key={key} className="kk-card" aria-labelledby={`discover-${key}`}>
          <h2 className="kk-discover__title" id={`discover-${key}`}>
            {t(`discover.${key}Title`)}
          </h2>
          <p className="kk-muted">{t(`discover.${key}Body`)}</p>
          <Link className="kk-btn kk-btn--ghost kk-btn--small" to={href} data-testid={`discover-${key}`}>
            {t(`discover.${key}Action`)}
          </Link>
        </section>
      ))}
    </div>
  );
}
