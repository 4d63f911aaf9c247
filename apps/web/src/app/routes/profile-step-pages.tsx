import type { ComponentType } from 'react';
import { RouteTopBar } from '../route-top-bar.tsx';
import { ApplyChecklist } from '../../features/application/components/apply-checklist.tsx';
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
    <ProfileResume complete={<ApplyChecklist />} />
  </div>
);

/** A step's page: the route's top bar above the step (which carries its own page test id). */
const stepPage = (Step: ComponentType) =>
  function StepPage() {
    return (
      <>
        <RouteTopBar />
        <Step />
      </>
    );
  };

export const KtpPage = stepPage(KtpStep);
export const PersonInfoPage = stepPage(PersonInfoStep);
export const JobInfoPage = stepPage(JobInfoStep);
export const WorkInfoPage = stepPage(WorkInfoStep);
export const ContactsPage = stepPage(ContactsStep);
export const AddBankPage = stepPage(BankStep);
