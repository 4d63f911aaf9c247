/**
 * Names of the headers the web app sends on every call (spec section 7). Kept free of zod so the web
 * app's first paint can import it without the schema library.
 */
export const HEADER = {
  os: 'os',
  lan: 'lan',
  tz: 'tz',
  lon: 'lon',
  lat: 'lat',
  appVersion: 'app_version',
  channel: 'cl',
  commerceAppId: 'commerce_app_id',
  commerceSignKey: 'commerce_api_sign_key',
  commerceAppUid: 'commerce_app_uid',
  authorization: 'Authorization',
} as const;

/** The web app identifies itself as os=4 (H5). */
export const OS_H5 = '4';
