import { useT } from '../../lib/i18n.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getToken, saveBareToken } from '../../lib/auth-session.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import { indexEntry } from '../index-entry.ts';

/** /index: takes the entry query into the store, then goes home or to login (decision in ../index-entry.ts). */
export default function IndexEntryPage() {
  const t = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // indexEntry never throws: a bad query comes back as { error, redirectTo: login }.
    const result = indexEntry(search, {
      token: getToken(),
      loginPhone: local.get(LOCAL_KEYS.loginPhone),
      promotePlatform: local.get(LOCAL_KEYS.promotePlatform),
      promoteAgency: local.get(LOCAL_KEYS.promoteAgency),
    });
    if (!('error' in result)) {
      if (result.token) saveBareToken(result.token);
      if (result.channel !== undefined) local.set(LOCAL_KEYS.channel, result.channel);
      local.set(LOCAL_KEYS.indexQuery, result.query);
      local.set(LOCAL_KEYS.promotePlatform, result.promotePlatform);
      local.set(LOCAL_KEYS.promoteAgency, result.promoteAgency);
      if (result.loginPhone) local.set(LOCAL_KEYS.loginPhone, result.loginPhone);
    }
    void navigate(result.redirectTo, { replace: true });
  }, [search, navigate]);
  return <p className="kk-status-page kk-muted">{t('index.loading')}</p>;
}
