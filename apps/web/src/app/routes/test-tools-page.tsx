import { DevToolsView } from '../../features/dev-tools/components/dev-tools-view.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

/** /test/*: the test route group (spec section 6), only outside the online build. */
export default function TestToolsPage() {
  return (
    <>
      <RouteTopBar />
      <DevToolsView />
    </>
  );
}
