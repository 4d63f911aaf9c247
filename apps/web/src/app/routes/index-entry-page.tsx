import { useT } from '../../lib/i18n.ts';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getToken, saveBareToken } from '../../lib/auth-session.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import { homeChildHref, paths } from '../../config/paths.ts';
import { entryHasPhone, indexEntry, type NormalisePhone } from '../index-entry.ts';
import { preloadPath } from '../route-handle.ts';
import { SIGNED_OUT_HOME_PAGE } from './home-index-page.tsx';

const noPhone: NormalisePhone = () => null;

/**
 * /index: takes the entry query into the store, then goes home or to login (decision in ../index-entry.ts).
 * In the entry chunk: a first visit to / goes on at once, and a visit without a token starts loading the home
 * shell and the signed-out home page together.
 */
export default function IndexEntryPage() {
  const t = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    // The phone rules bring zod: only an entry carrying a phone waits for them.
    const rules: Promise<NormalisePhone> = entryHasPhone(search)
      ? import('@kaskita/domain/validation/phone').then((m) => m.normalisePhone)
      : Promise.resolve(noPhone);
    void rules
      .catch(() => noPhone)
      .then((normalisePhone) => {
        if (!live) return;
        // indexEntry never throws: a bad query comes back as { error, redirectTo: login }.
        const result = indexEntry(
          search,
          {
            token: getToken(),
            loginPhone: local.get(LOCAL_KEYS.loginPhone),
            promotePlatform: local.get(LOCAL_KEYS.promotePlatform),
            promoteAgency: local.get(LOCAL_KEYS.promoteAgency),
          },
          normalisePhone,
        );
        if (!('error' in result)) {
          if (result.token) saveBareToken(result.token);
          if (result.channel !== undefined) local.set(LOCAL_KEYS.channel, result.channel);
          local.set(LOCAL_KEYS.indexQuery, result.query);
          local.set(LOCAL_KEYS.promotePlatform, result.promotePlatform);
          local.set(LOCAL_KEYS.promoteAgency, result.promoteAgency);
          if (result.loginPhone) local.set(LOCAL_KEYS.loginPhone, result.loginPhone);
        }
        preloadPath(
          result.redirectTo === paths.home.path && !getToken()
            ? homeChildHref(SIGNED_OUT_HOME_PAGE)
            : result.redirectTo,
        );
        void navigate(result.redirectTo, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [search, navigate]);
  return <p className="kk-status-page kk-muted">{t('index.loading')}</p>;
}
