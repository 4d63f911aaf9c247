import type { z } from 'zod';
import type { ErrorKey } from '../i18n/error-codes.ts';
import { ENDPOINT, type CallId, type Endpoint } from './endpoints.ts';

/** What a call is grouped under in the API document. */
export type CallTag =
  'sign-in' | 'borrower' | 'profile' | 'app' | 'loans' | 'commerce' | 'back-office' | 'development';

interface CallSchemas {
  /** Query string (GET). A blank value is absent: schemas use optionalText for optional text. */
  query?: z.ZodType;
  /** Form or JSON body (POST). A missing body is read as `{}`, so each required field is reported by name. */
  body?: z.ZodType;
  params?: z.ZodType;
  /**
   * A multipart form (POST with a file): its text fields, validated like a body. The file part is not in it: the
   * handler receives it as `upload`, and the call's `upload` documents it.
   */
  form?: z.ZodType;
  /** The `data` of a successful answer (code 200); fields the schema does not name never leave the server. */
  response: z.ZodType;
}

interface CallDocs {
  /** One line for the API document's list of calls. */
  summary: string;
  /** What the call does, when to call it, and its business errors, for whoever integrates with it. */
  description: string;
  tag: CallTag;
  /**
   * The business errors it may answer, from the catalogue (i18n/error-codes.ts). Those any call may answer
   * (4000 validation, 4002 unreadable, 4130, 4150, 5000) and 4047 of a call that needs a session are implied.
   */
  errors: readonly ErrorKey[];
  /** The one file part of a multipart call (the KTP photo, the selfie, a transfer receipt): the body is multipart. */
  upload?: UploadDoc;
  /** Headers the call reads besides those every call does (`os`, `lan`) and the session's token. */
  headers?: readonly HeaderDoc[];
}

/** The photos an upload call takes (the server checks the content, whatever the declared type says). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export interface UploadDoc {
  /** The form field the file is sent in. */
  field: string;
  /** False when the file may be left out (a transfer receipt's photo). */
  required: boolean;
  mediaTypes: readonly string[];
  description: string;
  /** Further optional files of the same types (a live check's other frames); the server reads at most these. */
  alsoFiles?: readonly { field: string; description: string }[];
}

export interface HeaderDoc {
  name: string;
  /** Required in practice: the call answers an error without it (named in the description). */
  required: boolean;
  description: string;
  /** Its JSON Schema (headers are text). */
  schema: Readonly<Record<string, unknown>>;
}

/** One API call, defined once: the server registers it from this, the web app calls it through this. */
export type CallDefinition<S extends CallSchemas = CallSchemas> = Endpoint &
  CallDocs &
  S & {
    /** The operation id in the API document; `defineCall` takes it from ENDPOINT. */
    id: string;
  };

/** The parsed input a handler receives and the value it answers, both from the call's own schemas. */
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
export type CallQuery<C> = C extends { query: infer Q } ? Out<Q> : undefined;
export type CallBody<C> = C extends { body: infer B }
  ? Out<B>
  : C extends { form: infer F }
    ? Out<F>
    : undefined;
export type CallParams<C> = C extends { params: infer P } ? Out<P> : undefined;
/** What the web app may send: the schemas' input types (strings from a form). */
export type CallInput<C> = C extends { query: infer Q }
  ? In<Q>
  : C extends { body: infer B }
    ? In<B>
    : C extends { form: infer F }
      ? In<F>
      : undefined;

export function defineCall<const I extends CallId, const S extends CallSchemas>(
  id: I,
  definition: CallDocs & S,
): CallDefinition<S> & (typeof ENDPOINT)[I] {
  return { id, ...ENDPOINT[id], ...definition };
}
