import { useSearchParams } from 'react-router';
import { CheckoutOrder } from '../../features/commerce/components/checkout-order.tsx';
import { checkoutQuery, type CheckoutChoice } from '../../features/commerce/checkout-query.ts';
import { useUserStatus } from '../../features/home/api/get-user-status.ts';
import { getToken } from '../../lib/auth-session.ts';
import { WithChoice } from './third-pay-choice.tsx';

// The checkout is the first page a shop's buyer opens: a chunk of its own, light enough for a first paint.

/** /third/pay/order: the shop's order; the borrower's approval comes from the home's status (home feature). */
export default function ThirdPayOrderPage() {
  const [, setQuery] = useSearchParams();
  const signedIn = Boolean(getToken());
  const status = useUserStatus();
  return (
    <WithChoice>
      {(choice) => (
        <CheckoutOrder
          choice={choice}
          signedIn={signedIn}
          verify={signedIn ? status.data?.verify : undefined}
          onChoose={(next) => setQuery(queryOf(next), { replace: true })}
        />
      )}
    </WithChoice>
  );
}

function queryOf(choice: CheckoutChoice): URLSearchParams {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(checkoutQuery(choice))) if (v) query.set(k, v);
  return query;
}
