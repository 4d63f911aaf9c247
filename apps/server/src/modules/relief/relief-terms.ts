import type { ReliefTerms } from '@kaskita/domain/lifecycle/relief';
import type { ReliefKind } from '@kaskita/domain/relief/relief-rules';
import { AppError } from '../../http/app-error.ts';
import type { ReliefRow } from './relief-schema.ts';

// A relief row keeps its kind and the kind's number, asked and offered (relief-schema.ts's check): these read them
// back as the engine's terms.

/** What the borrower asked for. */
export function askedTerms(row: Pick<ReliefRow, 'kind' | 'daysAsked' | 'extraAsked'>): ReliefTerms {
  return row.kind === 'spread'
    ? { kind: 'spread', extra: row.extraAsked! }
    : { kind: 'defer', days: row.daysAsked! };
}

/** What staff offered, or null before an offer. */
export function offeredTerms(
  row: Pick<ReliefRow, 'kind' | 'daysOffered' | 'extraOffered'>,
): ReliefTerms | null {
  if (row.kind === 'spread') return row.extraOffered ? { kind: 'spread', extra: row.extraOffered } : null;
  return row.daysOffered ? { kind: 'defer', days: row.daysOffered } : null;
}

/**
 * An offer of the request's own kind: days for a deferral, bills to add for a spread (staff choose the number, not the
 * kind: a borrower who asked for time is not answered with smaller bills, or the other way round).
 */
export function termsOfOffer(
  kind: string,
  offer: { days?: number | undefined; extra?: number | undefined },
): ReliefTerms {
  const relief = kind as ReliefKind;
  if (relief === 'spread' && offer.extra !== undefined && offer.days === undefined)
    return { kind: 'spread', extra: offer.extra };
  if (relief === 'defer' && offer.days !== undefined && offer.extra === undefined)
    return { kind: 'defer', days: offer.days };
  throw new AppError('RELIEF_KIND_MISMATCH');
}

/** The columns of an offer of `terms`. */
export function offeredColumns(terms: ReliefTerms): Pick<ReliefRow, 'daysOffered' | 'extraOffered'> {
  return terms.kind === 'spread'
    ? { daysOffered: null, extraOffered: terms.extra }
    : { daysOffered: terms.days, extraOffered: null };
}
