import type { Locale } from '@kaskita/domain/i18n/locale';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { bindingRows, capViolationText, checkProductSchedule } from '@kaskita/domain/pricing/cap-schedule';
import { loanProductSchema, type LoanProduct } from '@kaskita/domain/pricing/product';

/** What the propose form shows under the definition before anything is sent. */
export interface DraftVerdict {
  /** The product as the server will read it; null while the text does not validate. */
  product: LoanProduct | null;
  /** Each problem with its field path (`pricing.serviceFee: ...`), in the UI's language. */
  issues: string[];
  /** The cap verdict on the start day and every later day the caps change: the same check the server runs. */
  checks: { date: string; ok: boolean; messages: string[]; rows: string[] }[];
  /** Valid and within every cap: the proposal may be sent. */
  sendable: boolean;
}

/**
 * Reads the definition typed in the form (JSON) with the start and end days given beside it, validates it with the
 * domain's product schema and checks it against the cap table over its whole offer.
 */
export function draftVerdict(text: string, validFrom: string, validTo: string, locale: Locale): DraftVerdict {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const issue =
      locale === 'id-ID' ? 'Definisi produk bukan JSON yang sah' : 'The product definition is not valid JSON';
    return { product: null, issues: [issue], checks: [], sendable: false };
  }
  const dated = {
    ...(json && typeof json === 'object' ? json : {}),
    validFrom,
    ...(validTo.trim() ? { validTo: validTo.trim() } : {}),
  } as Record<string, unknown>;
  if (!validTo.trim()) delete dated.validTo;
  const parsed = loanProductSchema.safeParse(dated);
  if (!parsed.success) {
    // The product schema's own refinements speak English sentences; zod's keys (`too_small`...) have a catalogue entry.
    const issues = parsed.error.issues.map(
      (i) =>
        `${i.path.join('.') || '—'}: ${i.message.includes(' ') ? i.message : validationMessage(i.message, locale)}`,
    );
    return { product: null, issues, checks: [], sendable: false };
  }
  const schedule = checkProductSchedule(parsed.data);
  const checks = schedule.checks.map((c) => ({
    date: c.date,
    ok: c.ok,
    messages: c.violations.map((v) => capViolationText(v, c.date)[locale]),
    rows: [...new Set(c.violations.flatMap((v) => bindingRows(v)))],
  }));
  return { product: parsed.data, issues: [], checks, sendable: schedule.ok };
}
