import { useNavigate, useSearchParams } from 'react-router';
import { TopBar } from '../../components/top-bar.tsx';
import { paths } from '../../config/paths.ts';
import { EmbeddedPageView } from '../../features/embedded/components/embedded-page-view.tsx';
import type { BridgeAnswers } from '../../features/embedded/embedded-bridge.ts';
import { useAppConfig } from '../../lib/app-config.ts';
import { getToken } from '../../lib/auth-session.ts';
import { deviceId, fingerprint } from '../../lib/device-identity.ts';
import { useT } from '../../lib/i18n.ts';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';
import { useLeafRoute } from '../route-handle.ts';

/**
 * /iframe and /home/iframe (spec section 2: title from the query): the lender's page at `url`, when its host is one
 * of the configured `iframe_hosts`, answering getToken, getAid, getDfp and appFinish to that page only.
 */
export default function IframePage() {
  const t = useT();
  const { handle } = useLeafRoute();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const config = useAppConfig();
  const title = query.get('title') || (handle ? t(handle.title) : '');
  const answers: BridgeAnswers = {
    getToken,
    getAid: () => deviceId(local, LOCAL_KEYS),
    getDfp: () => fingerprint(local, LOCAL_KEYS),
    // Back where the borrower came from; home when the page was opened directly.
    appFinish: () =>
      window.history.length > 1 ? navigate(-1) : navigate(paths.home.path, { replace: true }),
  };
  // A configuration stored by an older version has no iframe_hosts: nothing is embedded until a fresh one arrives.
  const hosts = config.data ? (config.data.iframe_hosts ?? []) : config.isError ? [] : undefined;
  return (
    <div data-testid="page-iframe">
      <TopBar title={title} />
      <EmbeddedPageView url={query.get('url')} allowedHosts={hosts} answers={answers} title={title} />
    </div>
  );
}
