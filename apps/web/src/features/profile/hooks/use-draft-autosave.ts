import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import type { ProfileStep } from '@kaskita/domain/contract/profile';
import { saveProfileDraft } from '../api/profile-draft.ts';

/** Long enough to send once per pause in typing, short enough that a switch to the SMS app rarely beats it. */
export const DRAFT_SAVE_DELAY_MS = 700;

/**
 * Saves the step's form to the server as a draft a moment after each change, and at once when the page is hidden
 * (Android may end a page in the background: the borrower went to the SMS, WhatsApp or camera app). Never in web
 * storage: a profile draft is personal data. `discard` forgets it once the step is saved; nothing is sent while
 * `enabled` is false (a locked profile, a KTP already submitted).
 */
export function useDraftAutosave<V extends FieldValues>(
  step: ProfileStep,
  form: { watch: UseFormWatch<V> },
  enabled: boolean,
): { discard: () => Promise<void> } {
  const state = useRef({
    pending: null as V | null,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    // One request at a time, in order: a late save must never land after the discard.
    chain: Promise.resolve() as Promise<unknown>,
    stopped: false,
  });

  useEffect(() => {
    if (!enabled) return;
    const s = state.current;
    s.stopped = false;
    const flush = () => {
      clearTimeout(s.timer);
      const values = s.pending;
      if (s.stopped || values === null) return;
      s.pending = null;
      s.chain = s.chain.then(() => saveProfileDraft(step, values)).catch(() => undefined);
    };
    const watching = form.watch((values) => {
      s.pending = structuredClone(values) as V;
      clearTimeout(s.timer);
      s.timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
    return () => {
      watching.unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
      // Leaving the step (back, a tab) keeps what was typed.
      flush();
    };
  }, [step, form, enabled]);

  return {
    discard: () => {
      const s = state.current;
      s.stopped = true;
      s.pending = null;
      clearTimeout(s.timer);
      s.chain = s.chain.then(() => saveProfileDraft(step, null)).catch(() => undefined);
      return s.chain.then(() => undefined);
    },
  };
}
