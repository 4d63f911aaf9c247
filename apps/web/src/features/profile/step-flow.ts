import { PROFILE_STEPS, type ProfileProgress, type ProfileStep } from '@kaskita/domain/contract/profile';
import { paths } from '../../config/paths.ts';

/** Where each step lives (spec section 2): five under /user-into, the bank account under /home. */
export const STEP_PATHS: Record<ProfileStep, string> = {
  ktp: paths.userIntoKtp.path,
  'person-info': paths.userIntoPersonInfo.path,
  'job-info': paths.userIntoJobInfo.path,
  'work-info': paths.userIntoWorkInfo.path,
  contacts: paths.userIntoContacts.path,
  bank: paths.homeAddBank.path,
};

export const STEP_LABEL_KEYS = {
  ktp: 'profile.steps.ktp',
  'person-info': 'profile.steps.personInfo',
  'job-info': 'profile.steps.jobInfo',
  'work-info': 'profile.steps.workInfo',
  contacts: 'profile.steps.contacts',
  bank: 'profile.steps.bank',
} as const satisfies Record<ProfileStep, string>;

/**
 * Where the borrower goes after a save: the step the server names next, or /user-into, which shows the complete
 * profile when there is none. The server decides (a borrower without a job skips work-info), never the page order.
 */
export function nextStepHref(progress: ProfileProgress): string {
  return progress.next ? STEP_PATHS[progress.next] : paths.userInto.path;
}

/**
 * The step after `step` in the app's order that applies to this borrower (not skipped), for a read-only page's
 * "next" (a locked profile has no `next` to follow); /user-into after the last.
 */
export function followingStepHref(step: ProfileStep, progress: ProfileProgress): string {
  const after = PROFILE_STEPS.slice(PROFILE_STEPS.indexOf(step) + 1).find(
    (s) => progress.steps[s] !== 'skipped',
  );
  return after ? STEP_PATHS[after] : paths.userInto.path;
}

/** 1-based position of a step, for "step n of 6". */
export function stepNumber(step: ProfileStep): number {
  return PROFILE_STEPS.indexOf(step) + 1;
}
