import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { FEEDBACK_MAX_LENGTH, feedbackBodySchema } from '@kaskita/domain/contract/application';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { paths } from '../../../config/paths.ts';
import { FieldError } from '../../../components/field-error.tsx';
import { Icon } from '../../../components/icon.tsx';
import { toast } from '../../../components/toast.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { sendFeedback, useApplicationView } from '../api/application-api.ts';
import { applicationTexts } from '../application-texts.ts';
import './application.css';

/** /home/into-fail: why, from when the borrower may apply again, and a feedback box. */
export function IntoFailView() {
  const t = useT(applicationTexts);
  const view = useApplicationView();
  const application = view.data;
  // Only a refused application is told "not approved": anyone else (never applied, in review, approved) goes home,
  // which routes by their status. Decided on a fresh answer: the cache still says "auditing" when the decision
  // brings the borrower here.
  const fresh = view.isFetchedAfterMount || !view.isFetching;
  if (application && application.state !== 'rejected' && fresh)
    return <Navigate to={paths.home.path} replace />;
  if (!application || application.state !== 'rejected')
    return (
      <p className="kk-content kk-muted" aria-busy="true">
        {view.isError ? t('apply.loadFailed') : t('common.loading')}
      </p>
    );
  return (
    <div className="kk-content kk-apply" data-testid="page-into-fail">
      <div className="kk-status-page__icon" aria-hidden="true">
        <Icon name="warning" size={48} />
      </div>
      <h2>{t('intoFail.heading')}</h2>
      {application.reapply_date && (
        <p data-testid="reapply-date">
          {application.can_reapply
            ? t('intoFail.canReapply')
            : t('intoFail.reapplyOn', { date: formatDisplayDate(application.reapply_date) })}
        </p>
      )}
      {application.reasons.length > 0 && (
        <section className="kk-card">
          <h3 className="kk-apply__subtitle">{t('intoFail.reasons')}</h3>
          <ul className="kk-apply__reasons" data-testid="reject-reasons">
            {application.reasons.map((r) => (
              <li key={r.code}>{r.text}</li>
            ))}
          </ul>
        </section>
      )}
      {application.can_reapply && (
        <Link className="kk-btn kk-btn--primary kk-btn--block" to={paths.userInto.path} data-testid="reapply">
          {t('intoFail.reapply')}
        </Link>
      )}
      <FeedbackBox />
    </div>
  );
}

function FeedbackBox() {
  const t = useT(applicationTexts);
  const locale = useLocale();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = async () => {
    const parsed = feedbackBodySchema.safeParse({ content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'feedback.required');
      return;
    }
    setError(null);
    setPending(true);
    try {
      await sendFeedback({ content });
      setContent('');
      toast.success(t('intoFail.feedbackThanks'));
    } catch {
      // shown by the api client (e.g. the daily limit); the text stays
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      className="kk-card kk-field"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label className="kk-field__label" htmlFor="kk-feedback">
        {t('intoFail.feedbackLabel')}
      </label>
      <textarea
        id="kk-feedback"
        className="kk-field__input kk-apply__textarea"
        data-testid="feedback-content"
        rows={4}
        maxLength={FEEDBACK_MAX_LENGTH}
        value={content}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setContent(e.target.value)}
      />
      <p className="kk-small kk-muted" aria-live="polite">
        {content.length}/{FEEDBACK_MAX_LENGTH}
      </p>
      <FieldError error={error ? validationMessage(error, locale) : null} />
      <button
        type="submit"
        className="kk-btn kk-btn--ghost kk-btn--block"
        disabled={pending}
        data-testid="feedback-send"
      >
        {t('intoFail.feedbackSend')}
      </button>
    </form>
  );
}
