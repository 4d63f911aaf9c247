import { TopBar } from '../components/top-bar.tsx';
import { useT } from '../lib/i18n.ts';
import { useLeafRoute } from './route-handle.ts';

/** The top bar titled by the current route's handle: the route table is the app's, so shared UI takes a plain title. */
export function RouteTopBar() {
  const t = useT();
  const { handle } = useLeafRoute();
  return <TopBar title={handle ? t(handle.title) : ''} />;
}
