import { useState } from 'react';
import type { DeviceView } from '@kaskita/domain/contract/devices';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatWib } from '../../../lib/wib-time.ts';
import { useDevices, useSignOutDevices } from '../api/devices.ts';
import { meTexts } from '../me-texts.ts';
import { DataAccessList } from './data-access-list.tsx';
import './me.css';

/**
 * /me/devices: every device signed in to the account (GET /v1/user/devices), this one first, each other one with a
 * way to sign it out, and all of them at once. A new device's sign-in was told by SMS; this is where it is undone.
 */
export function DevicesView() {
  const t = useT(meTexts);
  const devices = useDevices();
  const signOut = useSignOutDevices();
  /** The device about to be signed out (null: every other one), asked once more before it happens. */
  const [asking, setAsking] = useState<{ deviceId: string | null } | null>(null);
  const list = devices.data?.list ?? [];
  const others = list.filter((d) => !d.current);
  const confirm = async () => {
    const target = asking;
    setAsking(null);
    if (!target) return;
    try {
      await signOut.mutateAsync(target.deviceId);
      toast.success(t('devices.done'));
    } catch {
      // toasted by the api client
    }
  };
  return (
    <div className="kk-content" data-testid="page-me-devices">
      <h2 className="kk-me__section-title">{t('devices.title')}</h2>
      <p className="kk-small kk-muted">{t('devices.intro')}</p>
      <ul className="kk-card kk-me__devices" aria-busy={devices.isPending}>
        {list.map((d) => (
          <DeviceItem key={d.device_id} device={d} onSignOut={() => setAsking({ deviceId: d.device_id })} />
        ))}
      </ul>
      {devices.data && others.length === 0 ? (
        <p className="kk-small kk-muted" data-testid="devices-none-other">
          {t('devices.empty')}
        </p>
      ) : null}
      {others.length > 1 ? (
        <button
          type="button"
          className="kk-btn kk-btn--ghost kk-btn--block"
          data-testid="devices-sign-out-others"
          disabled={signOut.isPending}
          onClick={() => setAsking({ deviceId: null })}
        >
          {t('devices.signOutOthers')}
        </button>
      ) : null}
      <DataAccessList />
      <TextDialog
        visible={asking !== null}
        title={asking?.deviceId ? t('devices.confirmTitle') : t('devices.confirmOthersTitle')}
        content={t('devices.confirmBody')}
        confirmText={asking?.deviceId ? t('devices.signOut') : t('devices.signOutOthers')}
        cancelText={t('devices.keep')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

function DeviceItem({ device, onSignOut }: { device: DeviceView; onSignOut: () => void }) {
  const t = useT(meTexts);
  return (
    <li className="kk-me__device" data-testid="device" data-current={device.current}>
      <div>
        <strong data-testid="device-label">{device.label}</strong>
        {device.current ? <span className="kk-me__device-current">{t('devices.current')}</span> : null}
        <p className="kk-small kk-muted">
          {t('devices.lastUsed', { time: formatWib(device.last_used_at) })} ·{' '}
          {t('devices.from', { network: device.network })}
        </p>
        <p className="kk-small kk-muted">
          {t('devices.signedInAt', { time: formatWib(device.signed_in_at) })}
        </p>
      </div>
      {device.current ? null : (
        <button
          type="button"
          className="kk-btn kk-btn--ghost kk-btn--small"
          data-testid="device-sign-out"
          onClick={onSignOut}
        >
          {t('devices.signOut')}
        </button>
      )}
    </li>
  );
}
