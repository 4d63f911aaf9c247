import { Link } from 'react-router';
import {
  HELP_CATEGORY_PARAM,
  HELP_CONTACT_PARAM,
  HELP_ORDER_PARAM,
} from '@kaskita/domain/complaints/support-topics';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatWib } from '../../../lib/wib-time.ts';
import { useCollectionLog } from '../api/get-collection-log.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/**
 * The collection contacts recorded about this loan (issue 27): when, how, what was noted as the outcome and the
 * collector's code, each with a one-tap complaint that goes to compliance. Nothing is shown for a loan nobody
 * contacted; the collectors' notes and names stay in the back office.
 */
export function CollectionLog({ orderId }: { orderId: string }) {
  const t = useT(repaymentsTexts);
  const log = useCollectionLog(orderId);
  const list = log.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="kk-card" aria-labelledby="kk-collection-log" data-testid="collection-log">
      <h2 className="kk-repay__title" id="kk-collection-log">
        {t('repayment.collectionTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('repayment.collectionIntro')}</p>
      <ul className="kk-repay__collection">
        {list.map((c) => (
          <li key={c.contact_id} data-testid="collection-contact">
            <p className="kk-small">
              {formatWib(c.contacted_at)} · {t(`repayment.contact_${c.channel}`)} ·{' '}
              {t(`repayment.outcome_${c.outcome}`)}
            </p>
            <p className="kk-small kk-muted">{t('repayment.collector', { code: c.collector_code })}</p>
            <Link
              className="kk-btn kk-btn--link kk-btn--small"
              data-testid="collection-complain"
              to={paths.meHelp.href({
                [HELP_CATEGORY_PARAM]: 'collection',
                [HELP_ORDER_PARAM]: orderId,
                [HELP_CONTACT_PARAM]: c.contact_id,
              })}
            >
              {t('repayment.collectionComplain')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
