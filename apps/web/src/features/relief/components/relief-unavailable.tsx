import type { ReliefOverview } from '@kaskita/domain/contract/relief';
import { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { SupportLink } from '../../../components/support-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { reliefTexts } from '../relief-texts.ts';

type Props = {
  reason: NonNullable<ReliefOverview['cannot_ask_because']>;
  orderId: string | null;
};

/**
 * Why the borrower cannot ask now. A request already open is the first of the list below; a loan that had its relief
 * leaves customer service, reached from here with the complaint form on the bill topic and the loan chosen.
 */
export function ReliefUnavailable({ reason, orderId }: Props) {
  const t = useT(reliefTexts);
  return (
    <section className="kk-card" aria-labelledby="kk-relief-cannot" data-testid={`relief-cannot-${reason}`}>
      <h2 id="kk-relief-cannot" className="kk-relief__title">
        {t('relief.cannotTitle')}
      </h2>
      <p>{t(`relief.cannot_${reason}`)}</p>
      {reason === 'already_given' ? (
        <SupportLink
          code={ERRORS.RELIEF_ALREADY_GIVEN.code}
          orderId={orderId ?? undefined}
          testId="relief-help-link"
        />
      ) : null}
    </section>
  );
}
