import { Link, useLocation, useParams } from 'react-router';
import type { FaceReason } from '@kaskita/domain/contract/verification';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { FaceOutcomeState } from './face-capture.tsx';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** /user-face/open/:status: pass, retry (with why) or fail, and what to do next. */
export function FaceResult() {
  const t = useT(applicationTexts);
  const { status } = useParams();
  const outcome = (useLocation().state as FaceOutcomeState | null)?.outcome;
  const reason: FaceReason | null = outcome?.reason ?? null;

  if (status === 'pass') {
    return (
      <div className="kk-status-page" data-testid="face-pass">
        <div className="kk-status-page__icon" aria-hidden="true">
          <Icon name="check" size={48} />
        </div>
        <h2>{t('face.pass')}</h2>
        <Link className="kk-btn kk-btn--primary" to={paths.userInto.path} data-testid="face-continue">
          {t('face.continue')}
        </Link>
      </div>
    );
  }
  return (
    <div className="kk-status-page" data-testid={status === 'fail' ? 'face-fail' : 'face-retry'}>
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name="warning" size={48} />
      </div>
      <h2>{status === 'fail' ? t('face.fail') : t('face.retry')}</h2>
      <p className="kk-muted">{t(`face.reason.${reason ?? 'unknown'}`)}</p>
      {outcome && <p className="kk-small">{t('face.triesLeft', { count: outcome.tries_left })}</p>}
      {outcome?.tries_left !== 0 && (
        <Link
          className="kk-btn kk-btn--primary"
          to={paths.userFaceOpen.href('init')}
          data-testid="face-again"
        >
          {t('face.again')}
        </Link>
      )}
      <Link className="kk-btn kk-btn--ghost" to={paths.userInto.path}>
        {t('face.later')}
      </Link>
    </div>
  );
}
