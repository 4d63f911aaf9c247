/** A rule returns an error message, or null when it passes. */
export type Rule = () => string | null;

/** Runs the rules in order and returns the first failing message (spec section 5 "option buttons"). */
export function firstFailure(rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const message = rule();
    if (message) return message;
  }
  return null;
}
