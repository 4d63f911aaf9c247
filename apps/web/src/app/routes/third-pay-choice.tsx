import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CheckoutWithoutOrder } from '../../features/commerce/components/checkout-without-order.tsx';
import { checkoutChoice, type CheckoutChoice } from '../../features/commerce/checkout-query.ts';
import { RouteTopBar } from '../route-top-bar.tsx';

/** The checkout's choice from the address, or the page saying the link is incomplete. */
export function WithChoice({ children }: { children: (choice: CheckoutChoice) => ReactNode }) {
  const [query] = useSearchParams();
  const choice = checkoutChoice(query);
  return (
    <>
      <RouteTopBar />
      {choice ? children(choice) : <CheckoutWithoutOrder />}
    </>
  );
}
