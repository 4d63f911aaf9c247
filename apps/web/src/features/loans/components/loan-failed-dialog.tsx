import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Dialog } from '../../../components/lazy-overlay.tsx';
import type { LoanOrderView } from '@kaskita/domain/contract/loans';
import type { BankCards } from '@kaskita/domain/contract/bank-cards';
import { BILL_STATUS } from '@kaskita/domain/contract/user-states';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import type { bankKeys } from '../../../lib/query-keys.ts';
import { useCancelLoanOrder } from '../api/cancel-loan-order.ts';
import { useCurrentOrder } from '../api/get-current-order.ts';
import { useConfirmWithPin } from '../../../components/pin-confirmation.ts';
import { usePatchBank } from '../api/patch-bank.ts';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

/** The bank-cards feature's query of the borrower's cards (the default one is offered), given by the route. */
export type BankCardsQuery = UseQueryOptions<BankCards, Error, BankCards, typeof bankKeys.cards>;

/** loan_fail_status 1: the bank refused the account itself (name mismatch, closed); the borrower corrects it. */
const ACCOUNT_REFUSED = 1;

/**
 * The failure modal of spec section 4 (bill_status 4), over the page the home chose: why the bank could not pay
 * (`failure_text`), and that nothing is owed. When the account itself was refused (loan_fail_status 1) its one button
 * goes to correct it on /home/add-bank?patch=1; otherwise the borrower sends it again to the default card (POST
 * /v1/user/bank_patch with its id) or cancels (POST /v1/order/cancel) and stays on loan-product.
 */
export function LoanFailedDialog({ bankCards }: { bankCards: BankCardsQuery }) {
  const current = useCurrentOrder();
  const order = current.data?.order;
  if (!order || order.bill_status !== BILL_STATUS.FAILED) return null;
  return <FailedOrderDialog order={order} bankCards={bankCards} />;
}

function FailedOrderDialog({ order, bankCards }: { order: LoanOrderView; bankCards: BankCardsQuery }) {
  const t = useT(loansTexts);
  const navigate = useNavigate();
  const cards = useQuery(bankCards);
  // Its refusals are toasted here: the PIN's request (4427) opens the PIN sheet instead.
  const retry = usePatchBank({ toast: false });
  const confirmWithPin = useConfirmWithPin();
  const cancel = useCancelLoanOrder();
  const [busy, setBusy] = useState(false);
  const accountRefused = order.loan_fail_status === ACCOUNT_REFUSED;
  const list = cards.data?.cards ?? [];
  const defaultCard = list.find((c) => c.is_default) ?? list[0];
  const correctHref = paths.homeAddBank.href({ patch: 1 });

  const tryAgain = async () => {
    if (!defaultCard) {
      void navigate(correctHref);
      return;
    }
    setBusy(true);
    try {
      await confirmWithPin((pin) => retry.mutateAsync({ id: defaultCard.id, pay_pin: pin }));
      void navigate(paths.homeLoaning.path, { replace: true });
    } catch (e) {
      // A network failure is toasted by the api client, a closed PIN sheet sent nothing; the modal stays for another
      // choice.
      if (e instanceof ApiError && e.kind === 'server') toast.error(e.message);
    } finally {
      setBusy(false);
    }
  };
  const cancelLoan = async () => {
    setBusy(true);
    try {
      await cancel.mutateAsync(order.order_id);
      toast.success(t('loan.cancel.done'));
      void navigate(paths.homeLoanProduct.path, { replace: true });
    } catch {
      // toasted by the api client
    } finally {
      setBusy(false);
    }
  };

  const title = t('loan.failed.title');
  return (
    <Dialog
      visible
      aria-label={title}
      title={title}
      content={
        <div className="kk-loan__failed" data-testid="loan-failed-dialog">
          {order.failure_text ? <p data-testid="loan-failed-reason">{order.failure_text}</p> : null}
          <p>
            <strong>{t('loan.failed.nothingOwed')}</strong>
          </p>
          <p className="kk-small kk-muted">
            {accountRefused
              ? t('loan.failed.correctBody')
              : defaultCard
                ? t('loan.failed.retryBody', {
                    amount: formatRupiah(order.amount_received),
                    account: `${defaultCard.bank_name} ${defaultCard.card_num_masked}`,
                  })
                : t('loan.failed.noCardBody')}
          </p>
        </div>
      }
      actions={
        accountRefused
          ? [
              {
                key: 'correct',
                text: t('loan.failed.correct'),
                bold: true,
                onClick: () => void navigate(correctHref, { replace: true }),
              },
            ]
          : [
              {
                key: 'retry',
                text: t('loan.failed.retry'),
                bold: true,
                disabled: busy || cards.isLoading,
                onClick: () => void tryAgain(),
              },
              {
                key: 'cancel',
                text: t('loan.failed.cancel'),
                disabled: busy,
                onClick: () => void cancelLoan(),
              },
            ]
      }
    />
  );
}
