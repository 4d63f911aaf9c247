import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import {
  useController,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorDataSchema } from '@kaskita/domain/contract/envelope';
import { fieldErrorKey, validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { ApiError } from './api-client.ts';
import { useLocale } from './i18n.ts';

/**
 * Every form of the app: react-hook-form validating with a contract schema (the server parses the same one).
 * Errors keep the schema's message keys ('phone.invalid') and are put in the user's language only when shown, so
 * switching language translates the errors already on screen too. Nothing is validated while typing: the submit
 * checks everything at once, and editing a field takes its error away (see useFormField).
 * Import only from lazy form chunks: react-hook-form, the resolver and zod are ~40 kB gzip (stack-notes.md).
 */
export function useSchemaForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
): SchemaForm<In, Out> {
  return useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
}

export type SchemaForm<In extends FieldValues, Out extends FieldValues> = UseFormReturn<In, unknown, Out>;

/** What a controlled field component takes (TextField, CodeInput, ConsentCheckbox ...). */
export type FieldBinding<V> = { value: V; onChange: (value: V) => void; error: string | null };

/** One field of a schema form, bound to a controlled component; its error goes as soon as it is edited. */
export function useFormField<In extends FieldValues, Out extends FieldValues, N extends FieldPath<In>>(
  form: SchemaForm<In, Out>,
  name: N,
): FieldBinding<FieldPathValue<In, N>> {
  const locale = useLocale();
  const { field, fieldState } = useController({ control: form.control, name });
  const key = fieldState.error?.message;
  return {
    value: field.value,
    onChange: (value) => {
      field.onChange(value);
      if (fieldState.error) form.clearErrors(name);
    },
    error: key ? validationMessage(key, locale) : null,
  };
}

/**
 * Shows a refused call's field errors (`data.fields` of the envelope: field name -> message key) under this
 * form's fields; a wrong code names the tries left (`data.tries_left`). A nested name (`socials.1.phone`, the server's
 * zod path) lands on that field of the list. Fields the form does not have are left to the caller (a banner, or the
 * toast the api client has shown). True when any showed.
 */
export function showServerFieldErrors<In extends FieldValues, Out extends FieldValues>(
  form: SchemaForm<In, Out>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'server') return false;
  const parsed = errorDataSchema.safeParse(error.data);
  const fields = parsed.success ? parsed.data?.fields : undefined;
  if (!fields) return false;
  const triesLeft = parsed.success ? parsed.data?.tries_left : undefined;
  const own = new Set(Object.keys(form.getValues()));
  let shown = false;
  for (const [name, key] of Object.entries(fields)) {
    if (!own.has(name.split('.')[0]!)) continue;
    form.setError(name as FieldPath<In>, { type: 'server', message: fieldErrorKey(key, triesLeft) });
    shown = true;
  }
  return shown;
}

/** A form's own refusals: what `show` could not put beside a field, for an ErrorBanner. */
export type FormRefusal = {
  banner: string | null;
  /** The banner's envelope code (an ErrorBanner links Me > Help for those that send the borrower there). */
  code: number | null;
  /** Takes a refused call's error: beside its fields when the answer names them, else in the banner. */
  show: (error: unknown) => void;
  /** Takes the banner away (the close button, a retry). */
  dismiss: () => void;
};

/**
 * Where a form's refused call is shown, for calls made with `toast: false`: field errors beside their fields, any
 * other server refusal in a banner that stays until the borrower edits the form, retries or closes it (a toast
 * vanishes before it is read and covers the button). Network and time-out failures are still the api client's toasts.
 */
export function useFormRefusal<In extends FieldValues, Out extends FieldValues>(
  form: SchemaForm<In, Out>,
): FormRefusal {
  const [shown, setShown] = useState<{ banner: string; code: number } | null>(null);
  useEffect(() => {
    if (shown === null) return;
    const watching = form.watch(() => setShown(null));
    return () => watching.unsubscribe();
  }, [form, shown]);
  const show = useCallback(
    (error: unknown) => {
      if (showServerFieldErrors(form, error)) setShown(null);
      else if (error instanceof ApiError && error.kind === 'server')
        setShown({ banner: error.message, code: error.code });
    },
    [form],
  );
  const dismiss = useCallback(() => setShown(null), []);
  return { banner: shown?.banner ?? null, code: shown?.code ?? null, show, dismiss };
}
