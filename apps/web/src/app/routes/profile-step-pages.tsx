import type { ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BILL_STATUS } from '@kaskita/domain/contract/user-states';
import { paths } from '../../config/paths.ts';
import { useConfirmWithPin } from '../../components/pin-confirmation.ts';
import { useT } from '../../lib/i18n.ts';
import { RouteTopBar } from '../route-top-bar.tsx';
import { ApplyChecklist } from '../../features/application/components/apply-checklist.tsx';
import { bankCardsQueryOptions } from '../../features/bank-cards/api/get-bank-cards.ts';
import { BankFields } from '../../features/bank-cards/components/bank-fields.tsx';
import { PinConfirmationProvider } from '../../features/commerce/components/pin-confirmation-provider.tsx';
import { useCurrentOrder } from '../../features/loans/api/get-current-order.ts';
import { usePatchBank } from '../../features/loans/api/patch-bank.ts';
import { CancelOrderButton } from '../../features/loans/components/cancel-order-button.tsx';
import { LoanFailedDialog } from '../../features/loans/components/loan-failed-dialog.tsx';
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

/** The onboarding bank step, its saved account and fields from the bank-cards feature. */
export const OnboardingBankStep = () => (
  <BankStep bankCards={bankCardsQueryOptions()} BankFields={BankFields} />
);

/**
 * /home/add-bank: the onboarding bank step, or, with ?patch=1 or while the current order's disbursement has failed, the
 * same form sending a corrected account with the order (POST /v1/user/bank_patch), then on to /home/loaning. Arriving
 * from the home on a failed order (no ?patch yet), the failure modal explains first. The corrected account is confirmed
 * with the payment PIN once the borrower has set one (commerce feature).
 */
export const AddBankPage = () => (
  <PinConfirmationProvider>
    <AddBank />
  </PinConfirmationProvider>
);

function AddBank() {
  const t = useT();
  const confirmWithPin = useConfirmWithPin();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const asked = search.get('patch') === '1';
  const current = useCurrentOrder();
  const patch = usePatchBank({ toast: false });
  const order = current.data?.order ?? null;
  const failed = order?.bill_status === BILL_STATUS.FAILED;
  // Without ?patch the order decides; the onboarding form waits for it rather than flashing before the correction.
  const deciding = !asked && current.isPending && current.fetchStatus !== 'idle';
  return (
    <>
      <RouteTopBar />
      {deciding ? (
        <p className="kk-content kk-muted" aria-busy="true">
          {t('common.loading')}
        </p>
      ) : asked || failed ? (
        <BankStep
          bankCards={bankCardsQueryOptions()}
          BankFields={BankFields}
          correction={{
            save: (body) => confirmWithPin((pin) => patch.mutateAsync({ ...body, pay_pin: pin })),
            onSaved: () => void navigate(paths.homeLoaning.path, { replace: true }),
            footer:
              order && failed && order.can_cancel ? (
                <div style={{ marginTop: 12 }}>
                  <CancelOrderButton
                    orderId={order.order_id}
                    onCancelled={() => void navigate(paths.homeLoanProduct.path, { replace: true })}
                  />
                </div>
              ) : null,
          }}
        />
      ) : (
        <OnboardingBankStep />
      )}
      {failed && !asked ? <LoanFailedDialog bankCards={bankCardsQueryOptions()} /> : null}
    </>
  );
}
