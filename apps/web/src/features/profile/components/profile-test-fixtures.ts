import { contractServer, type Wire } from '../../../test/api-answer.ts';
import type {
  BaseProfileView,
  ProfileProgress,
  ProfileStep,
  SocialView,
  WorkView,
} from '@kaskita/domain/contract/profile';

/** Test data for the onboarding pages: answers of the profile calls as the server gives them. */
export function progressOf(
  done: ProfileStep[],
  next: ProfileStep | null,
  { locked = false, skipped = [] as ProfileStep[] } = {},
): ProfileProgress {
  const state = (s: ProfileStep) => (done.includes(s) ? 'done' : skipped.includes(s) ? 'skipped' : 'todo');
  return {
    steps: {
      ktp: state('ktp'),
      'person-info': state('person-info'),
      'job-info': state('job-info'),
      'work-info': state('work-info'),
      contacts: state('contacts'),
      bank: state('bank'),
    },
    next,
    locked,
  };
}

export const emptyBase: BaseProfileView = {
  ktp_submitted: false,
  ktp_photo: false,
  cardid_masked: null,
  name: null,
  birth_date: null,
  gender: null,
  religion: null,
  marriage: null,
  education: null,
  mother_maiden_name: null,
  province: null,
  city: null,
  districts: null,
  sub_districts: null,
  region_label: null,
  address: null,
  zip_code: null,
  live_duration: null,
  email: null,
  residential_status: null,
};

export const savedWork: Wire<WorkView> = {
  has_job: true,
  career: 1,
  income_source: 1,
  salary: 2,
  salary_day: 25,
  income: 3_500_000,
  spending: 1_500_000,
  other_loan_status: 3,
  other_platforms: 0,
  company_name: 'PT Maju Jaya',
  company_phone: '0215551234',
  province: '32',
  city: '32.73',
  districts: '32.73.02',
  sub_districts: '32.73.02.1001',
  region_label: 'Jawa Barat / Kota Bandung / Coblong / Dago',
  address: 'Jl. Dago 1',
};

export const emptySocial: SocialView = {
  socials: [],
  contact_consent: false,
  expect_amount: null,
  expect_period: null,
};

/**
 * A fetch stub answering each call of the contract from `answers` (a value is code 200 with it as data; a function
 * is called with the request). Unlisted calls fail the test loudly.
 */
export const profileServer = contractServer;

/** The form fields of a POST body. */
export const formBody = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
