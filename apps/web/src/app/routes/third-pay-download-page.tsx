import { DownloadView } from '../../features/commerce/components/download-view.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

/** /third/pay/download: not login-gated. */
export default function ThirdPayDownloadPage() {
  return (
    <>
      <RouteTopBar />
      <DownloadView />
    </>
  );
}
