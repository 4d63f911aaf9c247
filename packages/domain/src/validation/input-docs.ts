import type { z } from 'zod';

/**
 * How an input field reads where its own JSON Schema says less than the server accepts, for the API document
 * (apps/server/src/http/openapi-transform.ts):
 * - `blank-is-absent`: text whose blank value means absent, then checked by `inner` (its enum, pattern, format);
 * - `json-text`: a value a form sends as JSON text and a JSON body may send as is.
 * Keyed by the schema's definition, which the copies `.describe()` and `.meta()` make keep.
 */
export type InputDoc = { kind: 'blank-is-absent'; inner: z.ZodType } | { kind: 'json-text' };

const docs = new WeakMap<object, InputDoc>();

export function documentInput<T extends z.ZodType>(schema: T, doc: InputDoc): T {
  docs.set(schema._zod.def, doc);
  return schema;
}

export function inputDocOf(schema: z.core.$ZodType): InputDoc | undefined {
  return docs.get(schema._zod.def);
}
