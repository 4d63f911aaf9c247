import type { ComplaintView } from '@kaskita/domain/contract/complaints';
import { isWaiting } from '@kaskita/domain/complaints/complaint-rules';
import { formatSpokenDate } from '@kaskita/domain/i18n/spoken-date';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { helpTexts } from '../help-texts.ts';

/** "Answer by 16 March 2026 · 4 working days left" while a case waits; the date alone once answered. */
export function ComplaintDeadline({ complaint }: { complaint: ComplaintView }) {
  const t = useT(helpTexts);
  const locale = useLocale();
  const days = complaint.working_days_left;
  const standing = !isWaiting(complaint.status)
    ? null
    : complaint.overdue
      ? t('help.late')
      : days === 0
        ? t('help.dueToday')
        : t('help.daysLeft', { count: days });
  return (
    <span data-testid="complaint-deadline">
      {t('help.answerBy', { date: formatSpokenDate(complaint.answer_by, locale) })}
      {standing ? (
        <>
          {' · '}
          <span className={complaint.overdue ? 'kk-help__badge kk-help__badge--late' : undefined}>
            {standing}
          </span>
        </>
      ) : null}
    </span>
  );
}
