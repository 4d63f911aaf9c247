import { env } from '../../../config/env.ts';
import { useT } from '../../../lib/i18n.ts';
import { devToolsTexts } from '../dev-tools-texts.ts';

/** The server's development pages (each answers 404 in production), opened as plain pages: they are not the app's. */
const TOOLS = [
  { key: 'outbox', href: '/dev/outbox' },
  { key: 'jobs', href: '/dev/jobs' },
  { key: 'payments', href: '/dev/payments' },
  { key: 'disbursements', href: '/dev/disbursements' },
  { key: 'merchant', href: '/dev/merchant' },
  { key: 'apiDocs', href: '/api/docs' },
  { key: 'admin', href: '/admin' },
] as const;

/** /test/* (the test route group, only when VITE_APP_ONLINE is not true): the way to the sandboxes a tester drives. */
export function DevToolsView() {
  const t = useT(devToolsTexts);
  return (
    <div className="kk-content" data-testid="page-test-tools">
      <h1>{t('devTools.heading')}</h1>
      <p className="kk-muted">{t('devTools.intro')}</p>
      <ul className="kk-card">
        {TOOLS.map(({ key, href }) => (
          <li key={key}>
            <a href={href} data-testid={`test-tool-${key}`}>
              {t(`devTools.${key}`)}
            </a>
          </li>
        ))}
      </ul>
      <p className="kk-small kk-muted">{t('devTools.version', { version: env.appVersion })}</p>
    </div>
  );
}
