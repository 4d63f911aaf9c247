/** A device position in decimal degrees, as the app sends it in the `lon` and `lat` headers (spec section 7). */
export interface Coordinates {
  longitude: string;
  latitude: string;
}

export const COORDINATE_PATTERN = /^-?\d{1,3}(\.\d{1,10})?$/;

/**
 * The position from the two header values, or null when either is missing, not a plain decimal, out of range, or the
 * (0, 0) a failed browser fix reports. Kept as text: a position is evidence of where the borrower applied, never
 * used in arithmetic, so it is stored exactly as the device reported it (to 10 decimals).
 */
export function parseCoordinates(lon: string | undefined, lat: string | undefined): Coordinates | null {
  if (!lon || !lat || !COORDINATE_PATTERN.test(lon.trim()) || !COORDINATE_PATTERN.test(lat.trim()))
    return null;
  const longitude = Number(lon);
  const latitude = Number(lat);
  if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90) return null;
  if (longitude === 0 && latitude === 0) return null;
  return { longitude: lon.trim(), latitude: lat.trim() };
}
