import { Outlet } from 'react-router';
import { HomeShell } from '../../features/home/components/home-shell.tsx';

export default function HomeShellRoute() {
  return (
    <HomeShell>
      <Outlet />
    </HomeShell>
  );
}
