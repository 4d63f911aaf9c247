import { useLayoutEffect, type RefObject } from 'react';

/**
 * The first pages are prerendered (vite-prerender-plugin.ts): their inputs show before React has hydrated them, and on
 * a slow phone a borrower may type a phone number or tick the consent in that moment. React 19 keeps such a value in
 * the DOM at hydration but not in state (its replay of these changes is behind a flag that 19.3 leaves off), so the
 * next render of the controlled input would wipe what was typed. On mount this hands a value the DOM shows and state
 * lacks to `onChange`, as if typed after hydration. A client render starts with both equal, so it does nothing there.
 */
export function useValueShownBeforeHydration<V>(
  ref: RefObject<HTMLInputElement | null>,
  read: (input: HTMLInputElement) => V,
  value: V,
  onChange: (value: V) => void,
): void {
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    const shown = read(input);
    if (shown !== value) onChange(shown);
    // Once, at mount: from then on the input is React's, and its own onChange reports every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
