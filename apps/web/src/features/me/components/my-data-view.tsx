import { useT } from '../../../lib/i18n.ts';
import { myDataTexts } from '../my-data-texts.ts';
import { ConsentsList } from './consents-list.tsx';
import { CorrectionRequests } from './correction-requests.tsx';
import { DataAccessList } from './data-access-list.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { MyDataDownloads } from './my-data-downloads.tsx';
import './me.css';

/**
 * /me/my-data: the borrower's rights under UU PDP 27/2022 in one place, as the privacy policy (section 8) promises:
 * a copy of the data, the consents, corrections, who at KasKita saw the data, and deleting the account.
 */
export function MyDataView({ onDeleted }: { onDeleted: () => void }) {
  const t = useT(myDataTexts);
  return (
    <div className="kk-content" data-testid="page-me-my-data">
      <p className="kk-small kk-muted">{t('myData.intro')}</p>
      <MyDataDownloads />
      <ConsentsList />
      <CorrectionRequests />
      <DataAccessList />
      <DeleteAccount onDeleted={onDeleted} />
    </div>
  );
}
