import { useNavigate, useSearchParams } from 'react-router';
import { OwnPhoneCodeButton } from '../../features/auth/components/own-phone-code-button.tsx';
import { SetPayPinForm } from '../../features/commerce/components/set-pay-pin-form.tsx';
import { appPathOr, paths, REDIRECT_PARAM } from '../../config/paths.ts';
import { RouteTopBar } from '../route-top-bar.tsx';

/**
 * Me > Payment PIN: set it, or choose a new one for a forgotten or locked PIN, with an SMS code to the registered
 * phone. Then back where the borrower came from (`redirect`: the page whose PIN sheet sent them, a page of this app
 * only), or to Me.
 */
export default function MePayPinPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  return (
    <div data-testid="page-me-pay-pin">
      <RouteTopBar />
      <SetPayPinForm
        SendCodeButton={OwnPhoneCodeButton}
        onSaved={() => void navigate(appPathOr(query.get(REDIRECT_PARAM), paths.me.path), { replace: true })}
      />
    </div>
  );
}
