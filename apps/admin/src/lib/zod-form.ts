import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { ApiError } from './api-client.ts';

/**
 * Forms are checked with the contract's own zod schemas (the rules exist once, in packages/domain), their message keys
 * shown in the UI's language. `zodRule` checks one field as the user types; `parseForm` checks the whole input on
 * submit (cross-field rules such as a password's confirmation) and puts each issue under its field.
 */
export function zodRule(schema: z.ZodType, locale: Locale): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(validationMessage(result.error.issues[0]?.message ?? '', locale));
    },
  };
}

export function parseForm<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  locale: Locale,
): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  form.setFields(
    result.error.issues.map((issue) => ({
      name: issue.path.map(String),
      errors: [validationMessage(issue.message, locale)],
    })),
  );
  return null;
}

/** The fields a server refused (its 4000 answer's `data.fields`), shown under them; true when there were any. */
export function showServerFields(form: FormInstance, error: unknown, locale: Locale): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
  if (!fields) return false;
  form.setFields(
    Object.entries(fields).map(([name, key]) => ({ name, errors: [validationMessage(key, locale)] })),
  );
  return true;
}
