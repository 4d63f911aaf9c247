import { UnauditedView } from '../../features/home/components/unaudited-view.tsx';
import { paths } from '../../config/paths.ts';
import { useSafeNavigate } from '../../lib/use-safe-navigate.ts';

/** Cek limit starts or resumes onboarding (/user-into goes to the next step); the guard sends a signed-out visitor to login first. */
export default function HomeUnauditedPage() {
  const navigate = useSafeNavigate();
  return <UnauditedView onCekLimit={() => navigate(paths.userInto.path)} />;
}
