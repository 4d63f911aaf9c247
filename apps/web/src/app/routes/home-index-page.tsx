import { HomeStatusRedirect } from '../../features/home/components/home-status-redirect.tsx';

export default function HomeIndexPage() {
  return <HomeStatusRedirect />;
}
