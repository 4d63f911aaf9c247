/**
 * Every key the app keeps in the browser, in one place so two features never pick the same name
 * and a logout knows what to wipe. Values are strings (JSON where noted).
 */
export const LOCAL_KEYS = {
  token: 'KK_TOKEN',
  refreshToken: 'KK_REFRESH_TOKEN',
  /** Epoch ms when the access token expires (from `expires_in`). */
  tokenExpiresAt: 'KK_TOKEN_EXPIRES_AT',
  /** A random id made once on this browser (lib/device-identity.ts): analytics and the embedded pages' getAid. */
  deviceId: 'KK_DEVICE_ID',
  /** A hash of stable browser traits (lib/device-identity.ts), as the spec stores it: analytics and getDfp. */
  fingerprint: 'KK_DFP',
  /** Channel `cl` from the /index query; 'oppo' switches to the partner login. */
  channel: 'KK_CL',
  /** The whole /index query, JSON. */
  indexQuery: 'KK_INDEX_QUERY',
  promotePlatform: 'KK_PROMOTE_PLATFORM',
  promoteAgency: 'KK_PROMOTE_AGENCY',
  /** A friend's referral code from /third/referral/login?ref=: sent with the sign-in that registers the phone. */
  referralCode: 'KK_REFERRAL_CODE',
  /** Phone the borrower logged in with (normalised 62...). */
  loginPhone: 'KK_LOGIN_PHONE',
  /** Name kept from the spec so a stored choice survives app updates. */
  locale: 'APP_LOCALE',
  /** Last known position, JSON {lat, lon}. */
  location: 'KK_LOCATION',
  /** The app configuration (spec section 3: "fetched once, stored"), JSON of GET /v1/config's data. */
  appConfig: 'KK_APP_CONFIG',
  /** The borrower (their first payment's id) the H5_achievement_unlocked event was sent for. */
  achievementSent: 'KK_ACHIEVEMENT',
} as const;

/** Per-tab values: they must not outlive the tab (timers would resume with stale times in another tab). */
export const SESSION_KEYS = {
  /** Epoch ms until which the send-code button stays disabled, per phone: `${prefix}:${phone}`. */
  smsCodeResendAt: 'KK_SMS_RESEND_AT',
  /** Epoch ms the image captcha was last shown (spec section 9's captcha timing). */
  captchaShownAt: 'KK_CAPTCHA_SHOWN_AT',
  /** Epoch ms when the auditing countdown ends. */
  auditCountdownEndsAt: 'KK_AUDIT_COUNTDOWN_ENDS_AT',
  channelQuery: 'KK_CHANNEL_QUERY',
  promotePlatform: 'KK_PROMOTE_PLATFORM',
  /** GET /getares answers, JSON of `data.list`, per pid: `${prefix}:${pid}` (the provinces under an empty pid). */
  regionAreas: 'KK_REGION_AREAS',
  /** A plan's order idempotency token, per plan: `${prefix}:${pid}:${money}:${period}:${purpose_id}`. */
  orderToken: 'KK_ORDER_TOKEN',
  /**
   * The borrowing form's choice, JSON {pid, money, period, purpose}: no personal data, kept so a reload (Android ends
   * a page in the background) reopens the form as it was.
   */
  borrowChoice: 'KK_BORROW_CHOICE',
  /**
   * A checkout left to get a limit (pay/status/not-auth), JSON {href, merchant, expires_at}: the home offers the way
   * back to it until it expires.
   */
  checkoutReturn: 'KK_CHECKOUT_RETURN',
} as const;

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];
