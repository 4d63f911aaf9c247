import { RouteTopBar } from '../route-top-bar.tsx';
import { BankStep } from '../../features/profile/components/bank-step.tsx';
import { ContactsStep } from '../../features/profile/components/contacts-step.tsx';
import { JobInfoStep } from '../../features/profile/components/job-info-step.tsx';
import { KtpStep } from '../../features/profile/components/ktp-step.tsx';
import { PersonInfoStep } from '../../features/profile/components/person-info-step.tsx';
import { ProfileResume } from '../../features/profile/components/profile-resume.tsx';
import { WorkInfoStep } from '../../features/profile/components/work-info-step.tsx';

// One chunk for every onboarding page (with the forms, zod and antd-mobile's pickers): moving from step to step
// fetches nothing more, and none of it reaches the public first pages.

export const UserIntoPage = () => (
  <div data-testid="page-user-into">
    <RouteTopBar />
    <ProfileResume />
  </div>
);

export const KtpPage = () => (
  <>
    <RouteTopBar />
    <KtpStep />
  </>
);

export const PersonInfoPage = () => (
  <>
    <RouteTopBar />
    <PersonInfoStep />
  </>
);

export const JobInfoPage = () => (
  <>
    <RouteTopBar />
    <JobInfoStep />
  </>
);

export const WorkInfoPage = () => (
  <>
    <RouteTopBar />
    <WorkInfoStep />
  </>
);

export const ContactsPage = () => (
  <>
    <RouteTopBar />
    <ContactsStep />
  </>
);

export const AddBankPage = () => (
  <>
    <RouteTopBar />
    <BankStep />
  </>
);
