import { DevicesView } from '../../features/me/components/devices-view.tsx';

export default function MeDevicesPage() {
  return <DevicesView />;
}
