import { useCallback, useState } from 'react';

/**
 * The errors a form shows, one message per field ('' or missing when fine). Every form uses it, so every
 * form behaves the same: a field's error goes away as soon as the field is edited, and the typed value stays.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Sets one field's message ('' clears it). */
  const setError = useCallback(
    (field: string, message: string) => setErrors((e) => ({ ...e, [field]: message })),
    [],
  );
  /** Wraps a field's setter so that editing the field also clears its error. */
  const edit =
    <V>(field: string, set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
    };
  return { errors, setErrors, setError, edit };
}
