import type { LOCAL_KEYS as LocalKeys } from './storage-keys.ts';
import type { local as Local } from './storage.ts';

/**
 * The browser's identifiers the spec stores (section 3: device id and fingerprint), sent with analytics events and
 * handed to the lender's embedded pages (getAid, getDfp). Both are pseudonymous: neither is derived from the person.
 * The storage and its keys are passed in (`local`, `LOCAL_KEYS`) so that this module imports nothing at run time:
 * the analytics sender shares it, and must not share the entry's modules (analytics-sender.ts says why).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A random version-4 UUID made once on this browser and kept; a new one if storage was cleared. */
export function deviceId(local: typeof Local, keys: typeof LocalKeys): string {
  const stored = local.get(keys.deviceId);
  if (stored && UUID.test(stored)) return stored;
  const made = randomUuid();
  local.set(keys.deviceId, made);
  return made;
}

function randomUuid(): string {
  // randomUUID needs a secure context; getRandomValues does not (a plain-http test server).
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const FINGERPRINT = /^[0-9a-f]{16}$/;

/**
 * A hash of the browser's stable traits (user agent, languages, screen, pixel ratio, time zone, cores, memory, touch
 * points), made once and kept as the spec stores it. Deliberately cheap and written here: a fingerprinting library
 * (FingerprintJS and the like) adds tens of kB, reads canvas, audio and fonts (costly, and far more than a lender's
 * fraud check needs), and its accurate versions send the traits to a third party. This one tells "probably the same
 * browser" apart from "another one", never a person.
 */
export function fingerprint(local: typeof Local, keys: typeof LocalKeys): string {
  const stored = local.get(keys.fingerprint);
  if (stored && FINGERPRINT.test(stored)) return stored;
  const made = hash64(browserTraits());
  local.set(keys.fingerprint, made);
  return made;
}

function browserTraits(): string {
  const n = navigator as Navigator & { deviceMemory?: number };
  const s = window.screen;
  return [
    n.userAgent,
    n.language,
    (n.languages ?? []).join(','),
    n.hardwareConcurrency,
    n.deviceMemory,
    n.maxTouchPoints,
    s ? `${s.width}x${s.height}x${s.colorDepth}` : '',
    window.devicePixelRatio,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    new Date().getTimezoneOffset(),
  ].join('|');
}

/** An FNV-1a hash and a second, differently mixed one, as 16 hex digits: enough to tell browsers apart, not a secret. */
function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
