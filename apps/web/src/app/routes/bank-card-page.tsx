import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { RouteTopBar } from '../route-top-bar.tsx';
import { OwnPhoneCodeButton } from '../../features/auth/components/own-phone-code-button.tsx';
import { BankCardAddForm } from '../../features/bank-cards/components/bank-card-add-form.tsx';
import { BankCardList } from '../../features/bank-cards/components/bank-card-list.tsx';
import { PinConfirmationProvider } from '../../features/commerce/components/pin-confirmation-provider.tsx';
import { useBaseProfile } from '../../features/profile/api/get-base-profile.ts';

// One chunk for the Me pages of bank accounts (not part of borrowing): the list and adding a card, one tap apart.

/** /me/bank-card: the saved accounts; choosing where loans are paid asks for the payment PIN once set (commerce). */
export function BankCardPage() {
  return (
    <>
      <RouteTopBar />
      <PinConfirmationProvider>
        <BankCardList />
      </PinConfirmationProvider>
    </>
  );
}

/** The add page always asks for an SMS code: links say `:sms` 1, and any other value lands there, keeping the query. */
const WITH_SMS = '1';

/**
 * /me/bank-card-add/:sms: the bank-cards feature's form for a new bank card, given the KTP name (profile), the
 * sign-in's send-code button (auth) and the payment PIN's confirmation (commerce).
 */
export function BankCardAddPage() {
  const { sms } = useParams();
  const { search } = useLocation();
  if (sms !== WITH_SMS) return <Navigate to={paths.meBankCardAdd.href(WITH_SMS, search)} replace />;
  return (
    <>
      <RouteTopBar />
      <BankCardAdd />
    </>
  );
}

function BankCardAdd() {
  const [query] = useSearchParams();
  const base = useBaseProfile();
  return (
    <PinConfirmationProvider>
      <BankCardAddForm
        SendCodeButton={OwnPhoneCodeButton}
        ktpName={base.data?.name ?? null}
        replaceId={query.get('id') || null}
      />
    </PinConfirmationProvider>
  );
}
