import { useCallback, useState, type ReactNode } from 'react';
import type { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { PinConfirmationContext, type ConfirmWithPin } from '../../../components/pin-confirmation.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { PinConfirmSheet, type PinRequest } from './pin-confirm-sheet.tsx';

/**
 * Typed against the catalogue, not imported from it at run time: it carries every bilingual error message (~8 kB gzip),
 * which the borrowing form and plan, which mount this provider, would load for a sheet few borrowers see (issue 23).
 */
const PAY_PIN_REQUIRED = 4427 as const satisfies (typeof ERRORS)['PAY_PIN_REQUIRED']['code'];

/**
 * Confirms a cash-loan order or a bank-card change with the payment PIN once the borrower has set one: mounted by the
 * routes of those pages around the feature that acts (components/pin-confirmation.ts). The action is sent without a
 * PIN first: most borrowers have none, and the server refuses one who has (4427) before it does anything else, so
 * only they take one more round trip, through the sheet. Nothing asks beforehand whether a PIN is set.
 */
export function PinConfirmationProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<PinRequest | null>(null);
  const confirm = useCallback<ConfirmWithPin>(
    async <T,>(run: (pin: string | undefined) => Promise<T>): Promise<T> => {
      try {
        return await run(undefined);
      } catch (e) {
        if (!(e instanceof ApiError && e.code === PAY_PIN_REQUIRED)) throw e;
      }
      return new Promise<T>((resolve, reject) =>
        setRequest({ run, resolve: (answer) => resolve(answer as T), reject }),
      );
    },
    [],
  );
  return (
    <PinConfirmationContext.Provider value={confirm}>
      {children}
      {request ? <PinConfirmSheet request={request} onDone={() => setRequest(null)} /> : null}
    </PinConfirmationContext.Provider>
  );
}
