import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_CALLS } from '@kaskita/domain/contract/calls';
import type { CallDefinition } from '@kaskita/domain/contract/define-call';
import { envelopeSchema, errorDataSchema } from '@kaskita/domain/contract/envelope';
import { HEADER, OS_H5 } from '@kaskita/domain/contract/header-names';
import { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { inputDocOf } from '@kaskita/domain/validation/input-docs';
import { callErrorKeys } from './call-errors.ts';

type JsonSchema = Record<string, unknown>;
type OverrideContext = { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema };
type RouteSchema = Record<string, unknown> & { operationId?: string; response?: Record<string, unknown> };
type Transform = ReturnType<typeof createJsonSchemaTransform>;

/**
 * Whether parsing accepts the field missing. zod's input JSON Schema leaves a field optional when its pipe starts with
 * another pipe from a transform (`requiredText(...).pipe(...)`, every name and region code), though parsing refuses it
 * absent; the document must say what the server does, so a field is required exactly when a missing one is refused.
 */
function acceptsMissing(field: z.core.$ZodType): boolean {
  try {
    return z.safeParse(field, undefined).success;
  } catch {
    return false; // an async refinement: not one a missing field passes in our schemas
  }
}

function requiredAsParsed({ zodSchema, jsonSchema }: OverrideContext): void {
  const def = zodSchema._zod.def;
  if (def.type !== 'object') return;
  const shape = (def as z.core.$ZodObjectDef).shape;
  const required = Object.keys(shape).filter((key) => !acceptsMissing(shape[key]!));
  if (required.length > 0) jsonSchema.required = required;
  else delete jsonSchema.required;
}

function inputJson(schema: z.core.$ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  delete json.$schema;
  return json;
}

/** Replaces a schema's JSON in place: zod has already placed this object in its parent's properties. */
function replaceJson(jsonSchema: JsonSchema, next: JsonSchema): void {
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, next);
}

/**
 * What zod cannot say of a field that reads its input first (validation/input-docs.ts): optional text is described by
 * the schema it is checked with (an enum, a pattern), and JSON text as either that text or the value itself.
 */
function documentedInput({ zodSchema, jsonSchema }: OverrideContext): void {
  const doc = inputDocOf(zodSchema);
  if (!doc) return;
  const description = jsonSchema.description;
  if (doc.kind === 'blank-is-absent') {
    replaceJson(jsonSchema, { ...inputJson(doc.inner), ...(description ? { description } : {}) });
  } else {
    const value = { ...jsonSchema };
    delete value.description;
    replaceJson(jsonSchema, {
      anyOf: [{ type: 'string', contentMediaType: 'application/json', contentSchema: value }, value],
      ...(description ? { description } : {}),
    });
  }
}

/** `.int()` bounds every whole number by the safe-integer range: noise in a document, said by `integer` already. */
function dropSafeIntegerBounds({ jsonSchema }: OverrideContext): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/** fastify-type-provider-zod's own override for 3.1 documents: a union's empty branches (transforms) are dropped. */
function dropEmptyBranches({ jsonSchema }: OverrideContext): void {
  if (Array.isArray(jsonSchema.anyOf))
    jsonSchema.anyOf = jsonSchema.anyOf.filter((branch) => Object.keys(branch as object).length > 0);
}

// One transform per direction: zod's override is not told whether it describes an input or an output.
const inputTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx) => {
      dropEmptyBranches(ctx as OverrideContext);
      dropSafeIntegerBounds(ctx as OverrideContext);
      requiredAsParsed(ctx as OverrideContext);
      documentedInput(ctx as OverrideContext);
    },
  },
});
const tidy = {
  override: (ctx: object) => {
    dropEmptyBranches(ctx as OverrideContext);
    dropSafeIntegerBounds(ctx as OverrideContext);
  },
};
const outputTransform = createJsonSchemaTransform({ zodToJsonConfig: tidy });

/** Named schemas (a recursive tree such as PurposeView) as the document's components, which operations refer to. */
export const openApiTransformObject = createJsonSchemaTransformObject({ zodToJsonConfig: tidy });

const callsById = new Map<string, CallDefinition>(Object.values(API_CALLS).map((call) => [call.id, call]));

/** The error envelope of one call: `code` limited to what the call may answer, each named in the description. */
function errorEnvelope(call: CallDefinition | undefined): JsonSchema {
  const schema = z.toJSONSchema(envelopeSchema(errorDataSchema), { target: 'draft-2020-12', io: 'output' });
  delete schema.$schema;
  const keys = call ? callErrorKeys(call) : undefined;
  const code = keys
    ? {
        type: 'integer',
        enum: keys.map((key) => ERRORS[key].code),
        description: keys.map((key) => `${ERRORS[key].code} ${key}`).join('; '),
      }
    : { type: 'integer', description: 'Never 200: the error codes are in the description.' };
  return {
    ...schema,
    description: "An error: `code` is one of the call's codes, `msg` is in the caller's language",
    properties: { ...(schema.properties as object), code },
  };
}

/** A header parameter as the document lists it (Fastify's `headers` route schema). */
interface HeaderDoc {
  name: string;
  required: boolean;
  description: string;
  schema: JsonSchema;
}

/** Headers every contract call reads (plugins/request-context-plugin.ts, http/cross-site-guard.ts). */
function commonHeaders(call: CallDefinition): HeaderDoc[] {
  const changesState = call.method !== 'GET' || call.changesState === true;
  return [
    {
      name: HEADER.os,
      // A browser's fetch metadata vouches for it instead; any other client must send it on a call that changes state.
      required: changesState,
      description: `The client: ${OS_H5} for H5 (the web app). Required on a call that changes state unless the request carries the browser's Sec-Fetch-Site (${ERRORS.CROSS_SITE.code} CROSS_SITE otherwise).`,
      schema: { type: 'string', maxLength: 16, examples: [OS_H5] },
    },
    {
      name: HEADER.lan,
      required: false,
      description: 'The language of `msg` and of any text in the answer; id-ID when absent or unknown.',
      schema: { type: 'string', enum: ['id-ID', 'en-US'] },
    },
  ];
}

/** The route schema's `headers` (documentation only: never compiled, the transform runs for the document). */
function headersSchema(call: CallDefinition): JsonSchema {
  const headers = [...commonHeaders(call), ...(call.headers ?? [])];
  return {
    type: 'object',
    properties: Object.fromEntries(headers.map((h) => [h.name, { ...h.schema, description: h.description }])),
    required: headers.filter((h) => h.required).map((h) => h.name),
  };
}

/** A multipart call's body: its text fields (the `form` schema) and its file parts. */
function withUpload(call: CallDefinition, body: JsonSchema | undefined): JsonSchema {
  const upload = call.upload!;
  const properties = (body?.properties as JsonSchema | undefined) ?? {};
  const required = (body?.required as string[] | undefined) ?? [];
  return {
    type: 'object',
    ...body,
    properties: {
      ...properties,
      [upload.field]: {
        type: 'string',
        contentEncoding: 'binary',
        description: `${upload.description} Accepted types: ${upload.mediaTypes.join(', ')}.`,
      },
      ...Object.fromEntries(
        (upload.alsoFiles ?? []).map((file) => [
          file.field,
          { type: 'string', contentEncoding: 'binary', description: file.description },
        ]),
      ),
    },
    required: upload.required ? [...required, upload.field] : required,
  };
}

/**
 * The route schema a document lists: inputs from the zod input schemas (with the fields required as the server
 * requires them), answers from the output schemas, and from the contract what the zod schemas cannot carry: the file
 * part of an upload, the headers a call reads, and the error codes it may answer.
 */
export const openApiTransform: Transform = (document) => {
  const input = inputTransform(document).schema as RouteSchema;
  const output = outputTransform(document).schema as RouteSchema;
  if (input.hide) return { schema: input, url: document.url };
  const call = callsById.get(String(input.operationId));
  const schema: RouteSchema = {
    ...input,
    response: { ...output.response, default: { description: 'Error', ...errorEnvelope(call) } },
  };
  if (call) {
    schema.headers = headersSchema(call);
    if (call.upload) {
      schema.body = withUpload(call, input.body as JsonSchema | undefined);
      schema.consumes = ['multipart/form-data'];
    }
  }
  return { schema, url: document.url };
};
