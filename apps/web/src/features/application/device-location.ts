import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';

/** Why the position could not be read, in words the page can explain (never the browser's raw message). */
export type LocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(problem);
    this.name = 'LocationError';
  }
}

/** A slow GPS fix on a cheap phone takes a while; a network fix is enough for where an application was made. */
const TIMEOUT_MS = 20_000;

/**
 * Asks the device for its position (the browser shows its permission prompt the first time) and stores it, so the
 * api client sends it as the lon/lat headers (spec section 7). Rejects with a LocationError.
 */
export function requestDeviceLocation(
  geolocation: Geolocation | undefined = globalThis.navigator?.geolocation,
): Promise<{ lat: number; lon: number }> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new LocationError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => {
        const value = { lat: position.coords.latitude, lon: position.coords.longitude };
        local.set(LOCAL_KEYS.location, JSON.stringify(value));
        resolve(value);
      },
      (error) => {
        const problem: LocationProblem =
          error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable';
        reject(new LocationError(problem));
      },
      { enableHighAccuracy: false, timeout: TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  });
}
