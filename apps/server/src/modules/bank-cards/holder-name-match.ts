/**
 * Whether the name a bank gives for an account is the borrower's KTP name. Banks answer in capitals, without
 * punctuation or titles, and cut long names (commonly at 20-30 characters), so both names are reduced to words and
 * a cut name must still be a long prefix, at word starts, of the other. Anything else is someone else's account.
 */
const TITLES = new Set([
  'IR',
  'DR',
  'DRS',
  'DRA',
  'H',
  'HJ',
  'SH',
  'SE',
  'ST',
  'SKOM',
  'SPD',
  'MM',
  'BPK',
  'IBU',
  'SDR',
  'SDRI',
]);

/** The shortest cut name we accept as a truncation: shorter ones are too easy to share with strangers. */
const MIN_TRUNCATED_LENGTH = 15;

function words(name: string): string[] {
  return name
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !TITLES.has(word));
}

export function namesMatch(bankName: string, ktpName: string): boolean {
  const bank = words(bankName).join(' ');
  const ktp = words(ktpName).join(' ');
  if (bank === '' || ktp === '') return false;
  if (bank === ktp) return true;
  const [shorter, longer] = bank.length < ktp.length ? [bank, ktp] : [ktp, bank];
  return shorter.length >= MIN_TRUNCATED_LENGTH && longer.startsWith(shorter);
}
