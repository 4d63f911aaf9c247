import { useState } from 'react';
import { useNavigate } from 'react-router';
import Dialog from 'antd-mobile/es/components/dialog';
import type { LoanOrderView } from '@kaskita/domain/contract/loans';
import { BILL_STATUS } from '@kaskita/domain/contract/user';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { toast } from '../../../components/toast.ts';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCancelLoanOrder } from '../api/cancel-loan-order.ts';
import { useBankCards } from '../api/get-bank-cards.ts';
import { useCurrentOrder } from '../api/get-current-order.ts';
import { usePatchBank } from '../api/patch-bank.ts';
import { useLoanFailedTexts } from '../loan-failed-texts.ts';
import './loans.css';

/** loan_fail_status 1: the bank refused the account itself (name mismatch, closed); the borrower corrects it. */
const ACCOUNT_REFUSED = 1;

/**
 * The failure modal of spec section 4 (bill_status 4), over the page the home chose: why the bank could not pay
 * (`failure_text`), and that nothing is owed. When the account itself was refused (loan_fail_status 1) its one button
 * goes to correct it on /home/add-bank?patch=1; otherwise the borrower sends it again to the default card (POST
 * /v1/user/bank_patch with its id) or cancels (POST /v1/order/cancel) and stays on loan-product.
 */
export function LoanFailedDialog() {
  const current = useCurrentOrder();
  const order = current.data?.order;
  if (!order || order.bill_status !== BILL_STATUS.FAILED) return null;
  return <FailedOrderDialog order={order} />;
}

function FailedOrderDialog({ order }: { order: LoanOrderView }) {
  const t = useT();
  const tf = useLoanFailedTexts();
  const navigate = useNavigate();
  const cards = useBankCards();
  const retry = usePatchBank();
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
      await retry.mutateAsync({ id: defaultCard.id });
      void navigate(paths.homeLoaning.path, { replace: true });
    } catch {
      // toasted by the api client; the modal stays for another choice
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

  const title = tf('title');
  return (
    <Dialog
      visible
      aria-label={title}
      title={title}
      content={
        <div className="kk-loan__failed" data-testid="loan-failed-dialog">
          {order.failure_text ? <p data-testid="loan-failed-reason">{order.failure_text}</p> : null}
          <p>
            <strong>{tf('nothingOwed')}</strong>
          </p>
          <p className="kk-small kk-muted">
            {accountRefused
              ? tf('correctBody')
              : defaultCard
                ? tf('retryBody', {
                    amount: formatRupiah(order.amount_received, { space: true }),
                    account: `${defaultCard.bank_name} ${defaultCard.card_num_masked}`,
                  })
                : tf('noCardBody')}
          </p>
        </div>
      }
      actions={
        accountRefused
          ? [
              {
                key: 'correct',
                text: tf('correct'),
                bold: true,
                onClick: () => void navigate(correctHref, { replace: true }),
              },
            ]
          : [
              {
                key: 'retry',
                text: tf('retry'),
                bold: true,
                disabled: busy || cards.isLoading,
                onClick: () => void tryAgain(),
              },
              {
                key: 'cancel',
                text: tf('cancel'),
                disabled: busy,
                onClick: () => void cancelLoan(),
              },
            ]
      }
    />
  );
}
