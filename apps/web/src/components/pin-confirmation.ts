import { createContext, useContext } from 'react';

/**
 * Runs an action the payment PIN confirms once the borrower has set one (a cash-loan order, a bank-card change): first
 * without a PIN, then, when the server asks for one (4427), with the PIN the borrower types. Resolves with the action's
 * answer; rejects with the action's error, or with PinConfirmationCancelled when the borrower closes the PIN sheet.
 */
export type ConfirmWithPin = <T>(run: (pin: string | undefined) => Promise<T>) => Promise<T>;

export class PinConfirmationCancelled extends Error {
  constructor() {
    super('PIN confirmation cancelled');
  }
}

/**
 * The way to confirm: the commerce feature's provider, which asks for the PIN in a sheet, mounted by the route that
 * needs it (features do not import each other). Without it the action runs without a PIN, and a server that wants one
 * refuses it (4427) with a message saying so.
 */
export const PinConfirmationContext = createContext<ConfirmWithPin>((run) => run(undefined));

export const useConfirmWithPin = (): ConfirmWithPin => useContext(PinConfirmationContext);
