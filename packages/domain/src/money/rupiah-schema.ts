/**
 * Zod schemas of money in the API contract. Each checks a whole number, then brands it 'Rupiah' with zod's `.brand`,
 * the brand `Rupiah` (rupiah.ts) is made of: what a schema reads is typed Rupiah with no cast and no transform. The
 * brand is a type only, so at run time the schema is the plain integer's, and so are the API document's JSON schemas
 * and what the response serialiser writes.
 */
import { z } from 'zod';

/** A whole, non-negative number of rupiah: the API's amounts. */
export const rupiahSchema = z.number().int().nonnegative().brand<'Rupiah'>();

/** A whole number of rupiah of either sign: the amounts the contract never bounded below. */
export const signedRupiahSchema = z.number().int().brand<'Rupiah'>();
