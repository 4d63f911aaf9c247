import { PROFILE_STEPS, type ProfileProgress, type ProfileStep } from '@kaskita/domain/contract/profile';
import type { BorrowerProfileRow } from './profile-fields-schema.ts';

type StepState = ProfileProgress['steps'][ProfileStep];

/**
 * Which steps are done, from the saved row. Person-info is two calls (base profile, then email and home ownership),
 * done when both are saved; work-info is skipped for a borrower who said they have no job.
 */
export function profileProgress(
  profile: BorrowerProfileRow | undefined,
  hasBankAccount: boolean,
  locked: boolean,
): ProfileProgress {
  const done = (saved: Date | null | undefined): StepState => (saved ? 'done' : 'todo');
  const steps: Record<ProfileStep, StepState> = {
    ktp: done(profile?.ktpSavedAt),
    'person-info': profile?.baseSavedAt && profile.otherSavedAt ? 'done' : 'todo',
    'job-info': done(profile?.jobSavedAt),
    'work-info': profile?.jobSavedAt && profile.hasJob === false ? 'skipped' : done(profile?.companySavedAt),
    contacts: done(profile?.contactsSavedAt),
    bank: hasBankAccount ? 'done' : 'todo',
  };
  const next = PROFILE_STEPS.find((step) => steps[step] === 'todo') ?? null;
  return { steps, next, locked };
}
