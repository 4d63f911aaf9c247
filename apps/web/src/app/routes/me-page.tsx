import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MeView } from '../../features/me/components/me-view.tsx';
import { logout } from '../../features/me/api/logout.ts';
import { paths } from '../../config/paths.ts';

export default function MePage() {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  return (
    <MeView
      loggingOut={loggingOut}
      onLogout={() => {
        setLoggingOut(true);
        void logout().then(() => navigate(paths.login.path, { replace: true }));
      }}
    />
  );
}
