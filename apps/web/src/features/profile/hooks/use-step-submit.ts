import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import type { ProfileProgress } from '@kaskita/domain/contract/profile';
import { useFormRefusal, type FormRefusal, type SchemaForm } from '../../../lib/use-schema-form.ts';
import { nextStepHref } from '../step-flow.ts';

type Options = {
  /** Runs once the fields are valid, just before the save; false holds the save (a KTP without its photo). */
  beforeSave?: () => boolean | void;
  /**
   * A refusal the step explains its own way (the bank's answers beside the form); true when it did. Otherwise, and
   * for every refusal when absent, the server's field errors go under their fields, and other refusals to `refusal`
   * (shown by the steps whose save does not toast: the KTP's).
   */
  onRefused?: (error: unknown) => boolean;
  /** After the save, before moving on: the step's draft is forgotten (use-draft-autosave.ts). */
  onSaved?: () => unknown;
};

/** What StepForm takes from the save. */
export type StepSubmit = { onSubmit: () => Promise<void>; pending: boolean; refusal: FormRefusal };

/**
 * A step's "save and continue": the form's checks, the save, then on to the step the answer's progress names (the
 * server decides: a borrower without a job skips work-info), or the refusal's field errors under their fields.
 */
export function useStepSubmit<In extends FieldValues, Out extends FieldValues>(
  form: SchemaForm<In, Out>,
  save: UseMutationResult<ProfileProgress, Error, Out>,
  { beforeSave, onRefused, onSaved }: Options = {},
): StepSubmit {
  const navigate = useNavigate();
  const refusal = useFormRefusal(form);
  const onSubmit = form.handleSubmit(async (values) => {
    refusal.dismiss();
    if (beforeSave?.() === false) return;
    let progress: ProfileProgress;
    try {
      progress = await save.mutateAsync(values);
    } catch (e) {
      if (!onRefused?.(e)) refusal.show(e);
      return;
    }
    void onSaved?.();
    void navigate(nextStepHref(progress));
  });
  return { onSubmit, pending: save.isPending, refusal };
}
