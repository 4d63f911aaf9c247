import { z } from 'zod';
import type { Bilingual } from '../i18n/locale.ts';

/** What each code of an enumeration means: English words, or the profile's labels in both languages. */
export type CodeMeanings = Readonly<Record<number, string | Bilingual>>;

const meaning = (value: string | Bilingual) =>
  typeof value === 'string' ? value : `${value['en-US']} (${value['id-ID']})`;

/**
 * The API document's words for a coded field: its codes as an enum, what each means in the description and, for
 * generators that name enum members, `x-enum-descriptions`. Metadata only: it never changes what is accepted.
 */
export function codesMeta(meanings: CodeMeanings, about?: string) {
  const codes = Object.keys(meanings).map(Number);
  const described = codes.map((code) => meaning(meanings[code]!));
  const list = codes.map((code, i) => `${code} ${described[i]}`).join('; ');
  return {
    enum: codes,
    description: about ? `${about} ${list}.` : `${list}.`,
    'x-enum-descriptions': described,
  };
}

/** A coded field of an answer (a whole number from `meanings`), documented with what each code means. */
export function codeSchema(meanings: CodeMeanings, about?: string) {
  return z.number().int().meta(codesMeta(meanings, about));
}
