import { LandingView } from '../../features/landing/components/landing-view.tsx';
import { paths } from '../../config/paths.ts';
import { useSafeNavigate } from '../../lib/use-safe-navigate.ts';

export default function LandingPage() {
  const navigate = useSafeNavigate();
  return <LandingView onApply={() => navigate(paths.login.path)} />;
}
