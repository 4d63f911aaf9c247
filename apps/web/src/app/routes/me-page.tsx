import { useNavigate } from 'react-router';
import { MeView } from '../../features/me/components/me-view.tsx';
import { useLogout } from '../../features/me/api/logout.ts';
import { paths } from '../../config/paths.ts';

export default function MePage() {
  const navigate = useNavigate();
  const { mutate: logout, isPending } = useLogout();
  return (
    <MeView
      loggingOut={isPending}
      onLogout={() => logout(undefined, { onSettled: () => navigate(paths.login.path, { replace: true }) })}
    />
  );
}
