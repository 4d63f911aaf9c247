import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: read over the phone without a second try (the alphabet of payment claims' KK- numbers).
const CASE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * KP- (KasKita pengaduan) and 7 random characters: short to quote, unguessable enough to mean nothing, and told apart
 * from a payment claim's KK- number at a glance.
 */
export function newComplaintNumber(): string {
  let code = '';
  for (let i = 0; i < 7; i += 1) code += CASE_ALPHABET[randomInt(CASE_ALPHABET.length)];
  return `KP-${code}`;
}
