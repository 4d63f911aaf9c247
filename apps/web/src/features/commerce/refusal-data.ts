/**
 * What a refusal's data says that the checkout acts on, read without zod (the contract's errorDataSchema would put zod
 * in the first paint of a page a shop's buyer opens first): the fields it names, when to try again, the tries left.
 */
export type RefusalData = { fields: readonly string[]; retryAfter?: number; triesLeft?: number };

export function refusalData(data: unknown): RefusalData {
  const d = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
  return {
    fields: typeof d.fields === 'object' && d.fields !== null ? Object.keys(d.fields) : [],
    retryAfter: whole(d.retry_after),
    triesLeft: whole(d.tries_left),
  };
}
