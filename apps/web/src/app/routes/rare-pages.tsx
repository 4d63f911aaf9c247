import {
  NotProductsView,
  NotRepaymentView,
  StatusDefaultView,
} from '../../features/home/components/home-status-views.tsx';
import { DevToolsView } from '../../features/dev-tools/components/dev-tools-view.tsx';
import { DiscoverView } from '../../features/landing/components/discover-view.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

// One chunk for the pages few borrowers open (the home's rarer states, /discover, the test tools): each lazy chunk
// costs every first paint a few bytes in the route table, so these share one.

export function NotProductsPage() {
  return <NotProductsView />;
}

export function NotRepaymentPage() {
  return <NotRepaymentView />;
}

export function StatusDefaultPage() {
  return <StatusDefaultView />;
}

export function DiscoverPage() {
  return (
    <>
      <RouteTopBar />
      <DiscoverView />
    </>
  );
}

/** /test/*: the test route group (spec section 6), only outside the online build. */
export function TestToolsPage() {
  return (
    <>
      <RouteTopBar />
      <DevToolsView />
    </>
  );
}
