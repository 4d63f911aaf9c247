/** The message under a form field, announced as an alert; nothing when the field is valid. */
export function FieldError({ error }: { error?: string | null }) {
  return error ? (
    <p className="kk-field__error" role="alert">
      {error}
    </p>
  ) : null;
}
