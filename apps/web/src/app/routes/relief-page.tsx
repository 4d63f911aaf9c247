import { PinConfirmationProvider } from '../../features/commerce/components/pin-confirmation-provider.tsx';
import { ReliefScreen } from '../../features/relief/components/relief-screen.tsx';
import { RouteTopBar } from '../route-top-bar.tsx';

/**
 * /home/relief (issue 27): more days to pay, asked from the bills. Its own chunk, opened by few borrowers. Accepting an
 * offer is confirmed with the payment PIN once the borrower has set one (the commerce feature's sheet).
 */
export default function ReliefPage() {
  return (
    <div data-testid="page-relief">
      <RouteTopBar />
      <PinConfirmationProvider>
        <ReliefScreen />
      </PinConfirmationProvider>
    </div>
  );
}
