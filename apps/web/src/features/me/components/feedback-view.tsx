import { useState } from 'react';
import { FEEDBACK_MAX_LENGTH, feedbackBodySchema } from '@kaskita/domain/contract/application';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { FieldError } from '../../../components/field-error.tsx';
import { toast } from '../../../components/toast.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { useMyFeedback, useSendFeedback } from '../api/feedback.ts';
import { feedbackTexts } from '../feedback-texts.ts';

/**
 * /me/feedback: send feedback and read the answers the customer service gave. Complaints are cases of their own with a
 * deadline (Me > Help); complaints sent here before they were are still listed with their answers.
 */
export function FeedbackView() {
  const t = useT(feedbackTexts);
  const locale = useLocale();
  const mine = useMyFeedback();
  const send = useSendFeedback();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = feedbackBodySchema.safeParse({ content, kind: 'feedback' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'feedback.required');
      return;
    }
    setError(null);
    send.mutate(
      { content, kind: 'feedback' },
      {
        onSuccess: () => {
          setContent('');
          toast.success(t('meFeedback.sent'));
        },
      },
    );
  };
  return (
    <div className="kk-page">
      <p className="kk-small kk-muted">{t('meFeedback.intro')}</p>
      <form
        className="kk-card kk-field"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="kk-field__label" htmlFor="kk-me-feedback">
          {t('meFeedback.contentLabel')}
        </label>
        <textarea
          id="kk-me-feedback"
          className="kk-field__input"
          data-testid="me-feedback-content"
          rows={4}
          maxLength={FEEDBACK_MAX_LENGTH}
          value={content}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setContent(e.target.value)}
        />
        <FieldError error={error ? validationMessage(error, locale) : null} />
        <button type="submit" className="kk-btn kk-btn--block" disabled={send.isPending}>
          {t('meFeedback.send')}
        </button>
      </form>
      <h2>{t('meFeedback.mine')}</h2>
      {mine.data && mine.data.list.length === 0 && (
        <p className="kk-small kk-muted">{t('meFeedback.none')}</p>
      )}
      <ul>
        {mine.data?.list.map((item) => (
          <li key={item.id} className="kk-card" data-testid="me-feedback-item">
            <p className="kk-small kk-muted">
              {t(`meFeedback.kind_${item.kind}`)} · {formatDate(item.created_at)} ·{' '}
              {t(`meFeedback.status_${item.status}`)}
            </p>
            <p>{item.content}</p>
            {item.reply && (
              <p data-testid="me-feedback-reply">
                <strong>{t('meFeedback.reply')}:</strong> {item.reply}
              </p>
            )}
            {item.resolution && (
              <p data-testid="me-feedback-resolution">
                <strong>{t('meFeedback.resolution')}:</strong> {item.resolution}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
