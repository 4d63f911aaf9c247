import type { Rupiah } from '@kaskita/domain/money/rupiah';

/**
 * The content of a dynamic QRIS code in the EMVCo merchant-presented format (Bank Indonesia's QRIS standard, built
 * on EMVCo QRCPS-MPM): tag-length-value fields ending in a CRC. Real codes come from the gateway; the sandbox makes
 * its own in the same format, so any QRIS reader (and our tests) can read the amount and the reference back.
 *
 * Written here rather than taken from npm: the format is thirty lines of TLV and a CRC, and the packages that do it
 * are single-author and unmaintained; nothing in production depends on this file.
 */

const MERCHANT_NAME = 'KASKITA';
const MERCHANT_CITY = 'JAKARTA';
/** MCC 6012: financial institutions, merchandise and services (a lender taking repayments). */
const MERCHANT_CATEGORY = '6012';
/** ISO 4217 numeric code of the rupiah. */
const IDR = '360';

function field(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`QRIS field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as EMVCo requires for tag 63. */
export function qrisCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A dynamic (point of initiation 12) QRIS code for exactly `amount`, naming `reference` in the additional data
 * (tag 62, reference label) so the payer's receipt shows it; `nmid` is the merchant's national id.
 */
export function dynamicQris(input: { amount: Rupiah; reference: string; nmid: string }): string {
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'ID.CO.SANDBOX.WWW') + field('01', '936000000000000001') + field('03', 'UME')) +
    field('51', field('00', 'ID.CO.QRIS.WWW') + field('02', input.nmid) + field('03', 'UME')) +
    field('52', MERCHANT_CATEGORY) +
    field('53', IDR) +
    field('54', String(input.amount)) +
    field('58', 'ID') +
    field('59', MERCHANT_NAME) +
    field('60', MERCHANT_CITY) +
    field('62', field('05', input.reference.slice(0, 25))) +
    '6304';
  return body + qrisCrc(body);
}

/** The top-level fields of a QRIS text by tag, or null when its CRC or its structure is wrong. */
export function readQris(text: string): Map<string, string> | null {
  if (text.length < 8 || qrisCrc(text.slice(0, -4)) !== text.slice(-4).toUpperCase()) return null;
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || at + 4 + length > text.length) return null;
    fields.set(tag, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
