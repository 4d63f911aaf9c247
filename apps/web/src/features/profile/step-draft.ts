/**
 * A step's form values with what its draft held laid over them: only the form's own fields, and only values of the
 * kind the field holds (a code or '' for an option, text for text, a list of the same length for the contacts), so a
 * draft from an older version of the form fills what still fits and is otherwise ignored.
 */
export function withDraft<V extends object>(saved: V, draft: Record<string, unknown> | null | undefined): V {
  if (!draft) return saved;
  const merged: Record<string, unknown> = { ...(saved as Record<string, unknown>) };
  for (const [name, value] of Object.entries(saved)) {
    if (Object.hasOwn(draft, name)) merged[name] = fitting(value, draft[name]);
  }
  return merged as V;
}

/** The draft's value when it is of the kind the saved one is, else the saved one. */
function fitting(saved: unknown, draft: unknown): unknown {
  if (Array.isArray(saved))
    return Array.isArray(draft) && draft.length === saved.length
      ? saved.map((item, i) => fitting(item, draft[i]))
      : saved;
  if (typeof saved === 'object' && saved !== null)
    return typeof draft === 'object' && draft !== null && !Array.isArray(draft)
      ? withDraft(saved, draft as Record<string, unknown>)
      : saved;
  const drafted = kind(draft);
  if (drafted === undefined) return saved;
  // Emptied in the draft: the field's own blank ('' for text and options, null for a flag not answered).
  if (drafted === 'blank') return typeof saved === 'boolean' || saved === null ? null : '';
  const own = kind(saved);
  if (own === drafted) return draft;
  // A blank field takes what fits its kind: an option ('') a code or text, a flag (null) a flag.
  if (saved === '') return drafted === 'flag' ? saved : draft;
  if (saved === null) return drafted === 'flag' ? draft : saved;
  return saved;
}

/**
 * What a field holds: text, a code (a finite number), a flag, or blank ('' for text and options not chosen, null for
 * a flag not answered); anything else fits nothing.
 */
function kind(v: unknown): 'text' | 'number' | 'flag' | 'blank' | undefined {
  if (v === '' || v === null) return 'blank';
  if (typeof v === 'string') return 'text';
  if (typeof v === 'number') return Number.isFinite(v) ? 'number' : undefined;
  if (typeof v === 'boolean') return 'flag';
  return undefined;
}
