import { localPhone, normalisePhone } from '@kaskita/domain/validation/phone';
import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

/**
 * The phone a login or password form starts with, in the local form the borrower types (0812...): the query's
 * `phone` (the /index entry hands it over as 62...), else the stored login phone. A phone that cannot be read is
 * shown as given. Kept apart from auth-session.ts, which is in the entry chunk: the phone rules bring zod.
 */
export function initialLoginPhone(
  queryPhone: string | null,
  stored: string | null = local.get(LOCAL_KEYS.loginPhone),
): string {
  const raw = queryPhone?.trim() || stored;
  if (!raw) return '';
  const normalised = normalisePhone(raw);
  return normalised ? localPhone(normalised) : raw;
}
