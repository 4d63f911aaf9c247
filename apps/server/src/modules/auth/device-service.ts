import Bowser from 'bowser';
import type { DeviceView } from '@kaskita/domain/contract/devices';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { jakartaMinute, type Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { SecretHasher } from '../../security/secret-hasher.ts';
import type { DeviceRepository } from './device-repository.ts';
import type { SessionService } from './session-service.ts';

const DEVICE_KEY = 'device-key';

/** Who signs in, as far as the device list and the new-device SMS need it. */
export interface SigningInDevice {
  /** The device's cookie value (a random key the server gave it); a fresh one when it had none. */
  deviceKey: string;
  userAgent: string;
  /** The caller's network (an IPv4 address, or an IPv6 client's /64): shown masked. */
  network: string;
  locale: Locale;
}

export interface DeviceServiceDependencies {
  db: Db;
  repo: DeviceRepository;
  sessions: Pick<SessionService, 'revokeFamily' | 'revokeUser'>;
  hasher: SecretHasher;
  outbox: OutboxService;
  clock: Clock;
}

/**
 * The borrower's signed-in devices (issue 27, account security): each sign-in is a device, listed with its browser,
 * its masked network and when it was last used, and can be signed out on its own or with every other. A sign-in from
 * a device this borrower never signed in with sends an SMS to the registered phone, so a stolen password or SIM is
 * noticed; the very first sign-in (registration) does not.
 */
export class DeviceService {
  constructor(private readonly deps: DeviceServiceDependencies) {}

  /** Records a sign-in's device in the sign-in's transaction, and tells the borrower when the device is new. */
  async signedIn(
    tx: Tx,
    sign: { userId: string; phone: string; familyId: string; firstSignIn: boolean },
    device: SigningInDevice,
  ): Promise<void> {
    const now = this.deps.clock.now();
    const deviceKeyHash = this.deps.hasher.hash(DEVICE_KEY, device.deviceKey);
    const known = await this.deps.repo.knows(tx, sign.userId, deviceKeyHash);
    const label = deviceLabel(device.userAgent);
    await this.deps.repo.insert(tx, {
      familyId: sign.familyId,
      userId: sign.userId,
      deviceKeyHash,
      label,
      network: maskedNetwork(device.network),
      createdAt: now,
    });
    if (known || sign.firstSignIn) return;
    await this.deps.outbox.enqueue(tx, {
      channel: 'sms',
      recipient: sign.phone,
      body: newDeviceText(device.locale, label, jakartaMinute(now)),
      idempotencyKey: `new-device:${sign.familyId}`,
      deliver: true,
    });
  }

  /** GET /v1/user/devices: the devices still signed in, the one asking first, then the most recently used. */
  async list(userId: string, currentFamilyId: string): Promise<{ list: DeviceView[] }> {
    const rows = await this.deps.repo.signedIn(this.deps.db, userId, this.deps.clock.now());
    const list = rows.map((r) => ({
      device_id: r.familyId,
      label: r.label,
      network: r.network,
      signed_in_at: r.createdAt.toISOString(),
      last_used_at: r.lastUsedAt.toISOString(),
      current: r.familyId === currentFamilyId,
    }));
    list.sort(
      (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
    );
    return { list };
  }

  /** Signs one of the borrower's devices out (the one asking too, if it names itself); another's is not found. */
  async signOut(userId: string, deviceId: string): Promise<void> {
    const device = await this.deps.repo.byFamily(this.deps.db, deviceId);
    if (!device || device.userId !== userId) throw new AppError('NOT_FOUND');
    await this.deps.sessions.revokeFamily(deviceId);
  }

  /** Signs out every device but the one asking. */
  async signOutOthers(userId: string, currentFamilyId: string): Promise<void> {
    await this.deps.db.transaction((tx) => this.deps.sessions.revokeUser(tx, userId, currentFamilyId));
  }
}

/** "Chrome · Android", "Safari · iOS": what a borrower recognises, nothing that identifies the phone. */
export function deviceLabel(userAgent: string): string {
  if (!userAgent) return '?';
  const parsed = Bowser.parse(userAgent);
  return [parsed.browser.name, parsed.os.name].filter(Boolean).join(' · ') || '?';
}

/** The network as a borrower may see it: the first two parts of an IPv4 address, or of an IPv6 prefix. */
export function maskedNetwork(network: string): string {
  if (network.includes(':')) return `${network.split(':').slice(0, 2).join(':')}:…`;
  const parts = network.split('.');
  return parts.length === 4 ? `${parts[0]}.${parts[1]}.x.x` : '?';
}

function newDeviceText(locale: Locale, label: string, time: string): string {
  return locale === 'en-US'
    ? `KasKita: your account was signed in on a new device (${label}) at ${time} WIB. Not you? Open Me > Devices to sign it out and change your password.`
    : `KasKita: akun Anda baru saja masuk di perangkat baru (${label}) pada ${time} WIB. Bukan Anda? Buka Saya > Perangkat untuk mengeluarkannya dan ganti kata sandi.`;
}
