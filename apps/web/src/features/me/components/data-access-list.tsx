import { useQuery } from '@tanstack/react-query';
import { dataAccessCalls } from '@kaskita/domain/contract/data-access';
import { callApi } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { deviceKeys } from '../../../lib/query-keys.ts';
import { formatWib } from '../../../lib/wib-time.ts';
import { meTexts } from '../me-texts.ts';

/**
 * Who at the lender saw the borrower's personal data unmasked (GET /v1/user/data_access): each audited reveal, when,
 * what and by which role (never who). On the devices page: both answer "who has been in my account".
 */
export function DataAccessList() {
  const t = useT(meTexts);
  const access = useQuery({
    queryKey: deviceKeys.dataAccess,
    queryFn: ({ signal }) => callApi(dataAccessCalls.listDataAccess, undefined, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
  const list = access.data?.list;
  return (
    <section className="kk-card" aria-labelledby="data-access-title" data-testid="data-access">
      <h2 className="kk-me__section-title" id="data-access-title">
        {t('dataAccess.title')}
      </h2>
      <p className="kk-small kk-muted">{t('dataAccess.intro')}</p>
      {list && list.length === 0 ? (
        <p data-testid="data-access-none">{t('dataAccess.none')}</p>
      ) : (
        <ul className="kk-me__access" aria-busy={!list}>
          {list?.map((a, i) => (
            <li key={i} data-testid="data-access-item">
              {t('dataAccess.item', {
                time: formatWib(a.at),
                field: t(`dataAccess.field_${a.field}`),
                role: t(`dataAccess.role_${a.role}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
