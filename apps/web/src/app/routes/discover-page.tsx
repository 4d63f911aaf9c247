import { DiscoverView } from '../../features/landing/components/discover-view.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

export default function DiscoverPage() {
  return (
    <>
      <RouteTopBar />
      <DiscoverView />
    </>
  );
}
