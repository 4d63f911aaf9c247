import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { pendingCheckout } from '../../features/commerce/checkout-return.ts';
import { HomeShell } from '../../features/home/components/home-shell.tsx';
import { lazyComponent } from '../lazy-route.ts';

/** The way back to a shop's checkout, loaded only when one was left (the home's first paint does not carry it). */
const CheckoutReturnCard = lazyComponent<object>(() =>
  import('../../features/commerce/components/checkout-return-card.tsx').then((m) => ({
    default: m.CheckoutReturnCard,
  })),
);

export default function HomeShellRoute() {
  return (
    <HomeShell>
      {pendingCheckout() ? (
        <Suspense fallback={null}>
          <CheckoutReturnCard />
        </Suspense>
      ) : null}
      <Outlet />
    </HomeShell>
  );
}
