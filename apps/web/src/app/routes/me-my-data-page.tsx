import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { MyDataView } from '../../features/me/components/my-data-view.tsx';

export default function MeMyDataPage() {
  const navigate = useNavigate();
  // A deleted account's session is gone: back to the landing page, as after a logout.
  return <MyDataView onDeleted={() => navigate(paths.login.path, { replace: true })} />;
}
