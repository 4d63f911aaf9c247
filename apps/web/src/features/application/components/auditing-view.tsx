import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { VERIFY } from '@kaskita/domain/contract/user-states';
import { paths } from '../../../config/paths.ts';
import { Icon } from '../../../components/icon.tsx';
import { useT } from '../../../lib/i18n.ts';
import { CREDIT_DECISION_CHANGES, invalidate } from '../../../lib/query-keys.ts';
import { useSafeNavigate } from '../../../lib/use-safe-navigate.ts';
import { getCreditCountdown } from '../api/application-api.ts';
import { auditSecondsLeft, clearAuditCountdown, startAuditCountdown } from '../audit-countdown.ts';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** How often the page asks whether the decision is made: gentle on slow mobile data, quick enough to feel live. */
export const DECISION_POLL_MS = 5000;

/**
 * /home/auditing: the seconds until the decision (spec: "countdown in seconds"), continued across reloads from
 * session storage, then the home page the decision leads to.
 */
export function AuditingView() {
  const t = useT(applicationTexts);
  const navigate = useSafeNavigate();
  const client = useQueryClient();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(() => auditSecondsLeft());
  // A person decides (the lender's review queue): no countdown to show, only an honest wait.
  const [inReview, setInReview] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setSecondsLeft(auditSecondsLeft()), 1000);
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await getCreditCountdown();
        if (stopped) return;
        if (answer.verify !== VERIFY.AUDITING) {
          clearAuditCountdown();
          await invalidate(client, CREDIT_DECISION_CHANGES);
          navigate(paths.home.path, { replace: true });
          return;
        }
        startAuditCountdown(answer.countdown);
        setSecondsLeft(answer.countdown);
        setInReview(answer.in_review);
      } catch {
        // offline for a moment: the countdown goes on and the next poll asks again
      }
    };
    void ask();
    const poll = setInterval(() => void ask(), DECISION_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [client, navigate]);

  return (
    <div className="kk-status-page" data-testid="page-auditing">
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name="clock" size={48} />
      </div>
      <h2>{t('auditing.heading')}</h2>
      <p className="kk-apply__countdown" aria-live="polite" data-testid="audit-countdown">
        {inReview
          ? t('auditing.inReview')
          : secondsLeft === null
            ? '…'
            : secondsLeft > 0
              ? t('auditing.seconds', { count: secondsLeft })
              : t('auditing.almost')}
      </p>
      <p className="kk-muted">{t('auditing.body')}</p>
    </div>
  );
}
