/**
 * Codes of Indonesia's administrative regions as Kemendagri writes them (and the idn-area-data package ships them):
 * province `11`, city or regency `11.01`, district (kecamatan) `11.01.01`, village (kelurahan/desa) `11.01.01.2001`.
 * A NIK starts with its holder's district code without the dots.
 */
export type RegionLevel = 'province' | 'city' | 'district' | 'village';

export const REGION_LEVELS: readonly RegionLevel[] = ['province', 'city', 'district', 'village'];

const LEVEL_PATTERNS: readonly (readonly [RegionLevel, RegExp])[] = [
  ['province', /^\d{2}$/],
  ['city', /^\d{2}\.\d{2}$/],
  ['district', /^\d{2}\.\d{2}\.\d{2}$/],
  ['village', /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/],
];

/** A code that may have children: a province, a city/regency or a district (what GET /getares takes as `pid`). */
export const PARENT_CODE_PATTERN = /^\d{2}(\.\d{2}){0,2}$/;

/** The level a code's shape says, or null when it is no region code at all. Says nothing about whether it exists. */
export function regionLevel(code: string): RegionLevel | null {
  for (const [level, pattern] of LEVEL_PATTERNS) if (pattern.test(code)) return level;
  return null;
}

/** The code of the region containing this one (`11.01.01` -> `11.01`); null for a province or a malformed code. */
export function parentCode(code: string): string | null {
  const level = regionLevel(code);
  if (level === null || level === 'province') return null;
  return code.slice(0, code.lastIndexOf('.'));
}

/**
 * The district code a NIK names (`3273012505900001` -> `32.73.01`): its first six digits, province, city/regency and
 * district. Null when the value does not start with six digits; whether the district exists is the server's to say.
 */
export function nikDistrictCode(nik: string): string | null {
  const digits = /^\s*(\d{2})(\d{2})(\d{2})/.exec(nik);
  return digits ? `${digits[1]}.${digits[2]}.${digits[3]}` : null;
}

// Abbreviations that stay in capitals when an all-capitals name is title-cased: Daerah Khusus Ibukota, Daerah
// Istimewa, and roman numerals (Lubuk Pakam I, Sungai Lilin II ...).
const KEEP_UPPER = /^(DKI|DI|X{0,3}(IX|IV|V?I{0,3}))$/;
// Lower-case joining words inside a name; the first word is always capitalised.
const KEEP_LOWER = new Set(['dan']);

/** `KABUPATEN ACEH SELATAN` -> `Kabupaten Aceh Selatan`, `DKI JAKARTA` -> `DKI Jakarta`, `SOKA'AN` -> `Soka'an`. */
export function titleCaseRegionName(name: string): string {
  let first = true;
  // A word is a run of letters and apostrophes; hyphens, dots, slashes and brackets start new words.
  return name.replace(/[A-Za-z']+/g, (word) => {
    const isFirst = first;
    first = false;
    const upper = word.toUpperCase();
    if (upper !== '' && KEEP_UPPER.test(upper)) return upper;
    const lower = word.toLowerCase();
    if (!isFirst && KEEP_LOWER.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

/**
 * A region's name as the app shows it: the official spelling, with spacing tidied, the double quote the source data
 * uses for an apostrophe (`Ra"as`) written as one (`Ra'as`), and title case only when the whole name is in capitals
 * (older releases of the data, and hand-typed imports, shout; the current one is already mixed case and its
 * capitals, such as the village `MKCM`, are kept).
 */
export function readableRegionName(raw: string, { shouting = false }: { shouting?: boolean } = {}): string {
  const name = raw.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return shouting ? titleCaseRegionName(name) : name;
}
