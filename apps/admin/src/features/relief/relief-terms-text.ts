import type { ReliefKind } from '@kaskita/domain/relief/relief-rules';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * A relief's number in words, by its kind: "14 days" (a deferral) or "2 more instalments" (a spread); a dash when
 * there is none (nothing offered yet).
 */
export function useReliefTermsText(): (
  kind: ReliefKind,
  days: number | null,
  extra: number | null,
) => string {
  const { t } = useI18n();
  return (kind, days, extra) => {
    if (kind === 'spread')
      return extra === null
        ? '—'
        : t({
            'en-US': `${extra} more instalment${extra === 1 ? '' : 's'}`,
            'id-ID': `${extra} cicilan tambahan`,
          });
    return days === null ? '—' : t({ 'en-US': `${days} days later`, 'id-ID': `mundur ${days} hari` });
  };
}
