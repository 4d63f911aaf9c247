import { z } from 'zod';
import { optionalText } from './auth.ts';

/** The largest page a back-office list answers: a list is read by a person, an export is its own call. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

const positiveInt = (fallback: number, max?: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max ?? Number.MAX_SAFE_INTEGER)
    .default(fallback);

/**
 * The query every server-paged back-office list takes (apps/admin's ServerTable writes it from the URL): `page`
 * (1-based), `page_size` (at most MAX_PAGE_SIZE), and `sort`/`order` among the columns the call names. Add the list's
 * own filters with `.extend({...})`, each through `optionalText` or `optionalEnum` so a blank filter means none.
 */
export function pageQuerySchema<const S extends readonly string[]>(sortable: S) {
  return z.object({
    page: positiveInt(1),
    page_size: positiveInt(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: optionalText(z.enum(sortable)),
    order: optionalText(z.enum(['asc', 'desc'])),
  });
}

/** An optional enumeration filter of a list's query: blank means no filter. */
export function optionalEnum<const V extends readonly string[]>(values: V) {
  return optionalText(z.enum(values));
}

/** The answer of every server-paged list: the page's rows and how many rows match in all. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}
