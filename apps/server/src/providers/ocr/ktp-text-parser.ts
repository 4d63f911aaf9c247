import {
  MARITAL_STATUSES,
  RELIGIONS,
  type Gender,
  type ReligionCode,
} from '@kaskita/domain/i18n/ktp-enumerations';
import type { KtpReading } from './ocr-provider.ts';

/** One line as the OCR engine read it; confidence 0..100 as tesseract reports it. */
export interface OcrLine {
  text: string;
  confidence: number;
}

/**
 * Below this a line is too unsure to pre-fill from, even when its words look right: tesseract scores clean lines
 * 80-95 and a line it half guessed under 50.
 */
const MIN_LINE_CONFIDENCE = 50;

/** Every label a KTP prints, so each line is claimed by the label it is closest to (ALAMAT is one edit from AGAMA). */
const LABELS = {
  province: 'PROVINSI',
  regency: 'KABUPATEN',
  city: 'KOTA',
  nik: 'NIK',
  name: 'NAMA',
  birth: 'TEMPATTGLLAHIR',
  gender: 'JENISKELAMIN',
  address: 'ALAMAT',
  rtRw: 'RTRW',
  village: 'KELDESA',
  district: 'KECAMATAN',
  religion: 'AGAMA',
  marital: 'STATUSPERKAWINAN',
  occupation: 'PEKERJAAN',
  citizenship: 'KEWARGANEGARAAN',
  validUntil: 'BERLAKUHINGGA',
} as const;

type LabelKey = keyof typeof LABELS;

interface LabelledLine {
  label: LabelKey;
  distance: number;
  /** The text after the label and its colon. */
  value: string;
  confidence: number;
}

/**
 * Reads a KTP's fields from the OCR engine's text. Tolerates what OCR does to a card (confused letters and digits in
 * the NIK and dates, lost colons, extra spaces, noise after a value) and leaves a field null rather than guess: the
 * borrower checks the form, and a wrong pre-filled NIK is worse than an empty one.
 */
export function parseKtpText(input: string | readonly OcrLine[]): KtpReading {
  const lines: OcrLine[] =
    typeof input === 'string' ? input.split(/\r?\n/).map((text) => ({ text, confidence: 100 })) : [...input];
  const labelled = labelLines(lines);
  const value = (key: LabelKey): string | null => {
    const line = labelled.get(key);
    return line && line.confidence >= MIN_LINE_CONFIDENCE ? line.value : null;
  };

  let nik = readNik(value('nik'), lines);
  let birthDate = readBirthDate(value('birth'));
  let gender = readGender(value('gender'));
  const name = readName(value('name'));
  const religion = readChoice(value('religion'), RELIGIONS, RELIGION_SPELLINGS);
  const marital = readChoice(value('marital'), MARITAL_STATUSES, {});

  // The NIK's digits 7-12 are the birth date (day + 40 for women): when a line disagrees with them, one of the two
  // was misread and nothing says which, so both are left for the borrower.
  if (nik) {
    const encoded = nikBirth(nik);
    if (birthDate && birthDate.slice(2) !== encoded.yymmdd) [nik, birthDate] = [null, null];
    if (nik && gender && gender !== encoded.gender) [nik, gender] = [null, null];
  }

  const fields = [nik, name, birthDate, gender, religion, marital];
  const read = fields.filter((f) => f !== null).length;
  const used = [...labelled.values()].filter((l) => l.confidence >= MIN_LINE_CONFIDENCE);
  const meanConfidence = used.length ? used.reduce((sum, l) => sum + l.confidence, 0) / used.length / 100 : 0;
  return {
    nik,
    name,
    birthDate,
    gender,
    religion,
    marital,
    confidence: Math.round(meanConfidence * (read / fields.length) * 100) / 100,
  };
}

/** Each line goes to the label its start is closest to; each label keeps its closest line (the first on a tie). */
function labelLines(lines: readonly OcrLine[]): Map<LabelKey, LabelledLine> {
  const best = new Map<LabelKey, LabelledLine>();
  for (const line of lines) {
    let found: LabelledLine | null = null;
    for (const key of Object.keys(LABELS) as LabelKey[]) {
      const match = matchLabel(line.text, LABELS[key]);
      if (match && (!found || match.distance < found.distance))
        found = { label: key, distance: match.distance, value: match.value, confidence: line.confidence };
    }
    if (!found) continue;
    const kept = best.get(found.label);
    if (!kept || found.distance < kept.distance) best.set(found.label, found);
  }
  return best;
}

/**
 * Whether a line starts with a label, comparing letters and digits only (OCR drops or invents spaces, slashes and
 * colons), allowing about one wrong character in four; the value is the rest of the line.
 */
function matchLabel(text: string, label: string): { distance: number; value: string } | null {
  const compact: string[] = [];
  const endOf: number[] = [];
  const upper = text.toUpperCase();
  for (let i = 0; i < upper.length && compact.length < label.length + 2; i += 1) {
    if (/[A-Z0-9]/.test(upper[i]!)) {
      compact.push(upper[i]!);
      endOf.push(i + 1);
    }
  }
  const allowed = Math.max(1, Math.floor(label.length / 4));
  let best: { distance: number; length: number } | null = null;
  // Exact length first, so a tie keeps the reading that consumed exactly the label.
  for (const length of [
    label.length,
    label.length - 1,
    label.length + 1,
    label.length - 2,
    label.length + 2,
  ]) {
    if (length < 2 || length > compact.length) continue;
    const distance = editDistance(compact.slice(0, length).join(''), label);
    if (distance <= allowed && (!best || distance < best.distance)) best = { distance, length };
  }
  if (!best) return null;
  const value = text
    .slice(endOf[best.length - 1])
    .replace(/^[\s:;.,_=~-]+/, '')
    .trim();
  return { distance: best.distance, value };
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

/** Characters OCR reads in place of a digit on a KTP's numbers. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  U: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  L: '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  $: '5',
  B: '8',
  G: '6',
  b: '6',
  T: '7',
  A: '4',
  g: '9',
  q: '9',
};

/** A digit or a look-alike, as a regular-expression class. */
const DIGITISH = `[0-9${Object.keys(DIGIT_LOOKALIKES)
  .join('')
  .replace(/[\\\]^$|-]/g, '\\$&')}]`;

/** Digits and their look-alikes, single spaces allowed between them. */
const NUMBER_RUN = new RegExp(`${DIGITISH}(?: ?${DIGITISH})+`, 'g');

function asDigits(text: string): string {
  return [...text].map((ch) => DIGIT_LOOKALIKES[ch] ?? ch).join('');
}

/**
 * The 16-digit NIK: on its labelled line, any look-alike letter counts as a digit; elsewhere (a label lost to noise)
 * only a run of mostly real digits does, so a word is never turned into a number.
 */
function readNik(labelled: string | null, lines: readonly OcrLine[]): string | null {
  if (labelled !== null) {
    // One word of 16 (a colon read as a digit stands apart before it), else the whole value once the spaces OCR
    // put inside the number are closed up.
    const words = labelled.split(/\s+/).map(asDigits);
    const nik = words.find((word) => /^\d{16}$/.test(word)) ?? words.join('');
    return /^\d{16}$/.test(nik) && plausibleNik(nik) ? nik : null;
  }
  for (const line of lines) {
    if (line.confidence < MIN_LINE_CONFIDENCE) continue;
    for (const [run] of line.text.matchAll(NUMBER_RUN)) {
      const candidate = run.replace(/\s/g, '').replace(/^[^0-9]+|[^0-9]+$/g, '');
      const realDigits = [...candidate].filter((ch) => /\d/.test(ch)).length;
      const digits = asDigits(candidate);
      if (/^\d{16}$/.test(digits) && realDigits >= 13 && plausibleNik(digits)) return digits;
    }
  }
  return null;
}

/** Region codes and an encoded birth date that can exist: province 11-99, a real month, day 1-31 or 41-71. */
function plausibleNik(nik: string): boolean {
  const province = Number(nik.slice(0, 2));
  const day = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const dayOfMonth = day > 40 ? day - 40 : day;
  return province >= 11 && month >= 1 && month <= 12 && dayOfMonth >= 1 && dayOfMonth <= 31;
}

function nikBirth(nik: string): { yymmdd: string; gender: Gender } {
  const day = Number(nik.slice(6, 8));
  const female = day > 40;
  const dd = String(female ? day - 40 : day).padStart(2, '0');
  return { yymmdd: `${nik.slice(10, 12)}-${nik.slice(8, 10)}-${dd}`, gender: female ? 'female' : 'male' };
}

/** "BANDUNG, 17-08-1990" -> 1990-08-17, when the date exists. */
function readBirthDate(value: string | null): string | null {
  if (value === null) return null;
  // The place comes first and may hold a look-alike letter: only the date's own span is read as digits.
  const match =
    /([0-9OoDIl|SBZ]{2})\s*[-./,]\s*([0-9OoDIl|SBZ]{2})\s*[-./,]\s*([0-9OoDIl|SBZ]{4})(?![0-9])/.exec(value);
  if (!match) return null;
  const [day, month, year] = [match[1]!, match[2]!, match[3]!].map((part) => Number(asDigits(part)));
  if (!isRealDate(year!, month!, day!) || year! < 1900) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** LAKI-LAKI or PEREMPUAN, the first word of the value (Gol. Darah follows on the same line). */
function readGender(value: string | null): Gender | null {
  if (value === null) return null;
  const letters = value.toUpperCase().replace(/[^A-Z]/g, '');
  const male = editDistance(letters.slice(0, 8), 'LAKILAKI') <= 2;
  const female = editDistance(letters.slice(0, 9), 'PEREMPUAN') <= 2;
  if (male === female) return null;
  return male ? 'male' : 'female';
}

/** Names are letters with spaces, apostrophes, dots, commas and hyphens (titles, "SITI NUR'AINI"); noise trimmed. */
function readName(value: string | null): string | null {
  if (value === null) return null;
  const name = value
    // A sans-serif I is a bar: read as one or as a lower-case l, a first word of one letter is still I (I GEDE,
    // I MADE ...); elsewhere a bar is noise.
    .replace(/^[|l](?=\s)/, 'I')
    .toUpperCase()
    .replace(/^[^A-Z]+|[^A-Z.]+$/g, '')
    .replace(/\s+/g, ' ');
  return /^[A-Z][A-Z .,'-]*[A-Z.]$/.test(name) ? name : null;
}

/** Other spellings seen on cards, mapped to the enumeration's code. */
const RELIGION_SPELLINGS: Record<string, ReligionCode> = {
  KATHOLIK: 3,
  BUDHA: 5,
  KHONGHUCU: 6,
  KONGHUCHU: 6,
};

/**
 * The enumeration entry whose card word the value starts with, within about one wrong letter in four; null when none
 * is that close or two are equally close.
 */
function readChoice<C extends number>(
  value: string | null,
  entries: Record<C, { ktp: string }>,
  spellings: Record<string, C>,
): C | null {
  if (value === null) return null;
  const letters = value.toUpperCase().replace(/[^A-Z]/g, '');
  const candidates: Array<[string, C]> = [
    ...(Object.entries(entries) as Array<[string, { ktp: string }]>).map(([code, { ktp }]): [string, C] => [
      ktp.replace(/[^A-Z]/g, ''),
      Number(code) as C,
    ]),
    ...(Object.entries(spellings) as Array<[string, C]>),
  ];
  let best: { code: C; distance: number } | null = null;
  let tie = false;
  for (const [word, code] of candidates) {
    const allowed = Math.max(1, Math.floor(word.length / 4));
    const distance = Math.min(
      ...[0, 1, -1].map((extra) => editDistance(letters.slice(0, word.length + extra), word)),
    );
    if (distance > allowed) continue;
    if (!best || distance < best.distance) {
      best = { code, distance };
      tie = false;
    } else if (distance === best.distance && code !== best.code) tie = true;
  }
  return best && !tie ? best.code : null;
}
