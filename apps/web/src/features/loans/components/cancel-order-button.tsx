import { useId, useState } from 'react';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCancelLoanOrder } from '../api/cancel-loan-order.ts';
import { loansTexts } from '../loans-texts.ts';

/**
 * The cooling-off right (POST /v1/order/cancel): free while nothing was sent to the bank. Asked once more in a dialog,
 * since it cannot be undone. A refusal (4301, the money left meanwhile) is toasted and the order read again.
 */
export function CancelOrderButton({ orderId, onCancelled }: { orderId: string; onCancelled?: () => void }) {
  const t = useT(loansTexts);
  const [asking, setAsking] = useState(false);
  const cancel = useCancelLoanOrder();
  const confirm = async () => {
    setAsking(false);
    try {
      await cancel.mutateAsync(orderId);
      toast.success(t('loan.cancel.done'));
      onCancelled?.();
    } catch {
      // toasted by the api client
    }
  };
  return (
    <>
      <button
        type="button"
        className="kk-btn kk-btn--ghost kk-btn--block"
        data-testid="cancel-loan"
        disabled={cancel.isPending}
        onClick={() => setAsking(true)}
      >
        {t('loan.cancel.button')}
      </button>
      <TextDialog
        visible={asking}
        title={t('loan.cancel.title')}
        content={t('loan.cancel.body')}
        confirmText={t('loan.cancel.confirm')}
        cancelText={t('loan.cancel.keep')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The cooling-off card of the success, loaning and loan-await pages: the right in words, and the button. */
export function CoolingOffCard({ orderId, testId }: { orderId: string; testId?: string }) {
  const t = useT(loansTexts);
  const titleId = useId();
  return (
    <section className="kk-card" aria-labelledby={titleId} data-testid={testId}>
      <h3 className="kk-loan__title" id={titleId}>
        {t('loan.cancel.rightTitle')}
      </h3>
      <p>{t('loan.cancel.right')}</p>
      <CancelOrderButton orderId={orderId} />
    </section>
  );
}
