import { Link } from 'react-router';
import { paths, queryReturningTo } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { helpTexts } from '../help-texts.ts';

/** A visitor reads the help and the channels; filing in the app needs a session, and comes back here after it. */
export function SignInToFile({ pathname, search }: { pathname: string; search: string }) {
  const t = useT(helpTexts);
  return (
    <section className="kk-card" data-testid="help-sign-in">
      <h2 className="kk-help__title">{t('help.fileTitle')}</h2>
      <p className="kk-small">{t('help.signInToFile')}</p>
      <Link
        className="kk-btn kk-btn--primary kk-btn--block"
        to={paths.login.href(queryReturningTo(pathname, search))}
      >
        {t('help.signIn')}
      </Link>
    </section>
  );
}
