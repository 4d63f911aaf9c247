import { useState } from 'react';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { useWithdrawRelief } from '../api/withdraw-relief.ts';
import { refusalOf, type ReliefRefusal } from '../relief-refusal.ts';
import { reliefTexts } from '../relief-texts.ts';

type Props = {
  reliefId: string;
  /** A request still waiting is withdrawn; an offer is turned down ("No thanks"). The call is the same. */
  offer: boolean;
  onRefused: (refusal: ReliefRefusal) => void;
};

/** POST /v1/relief/:id/withdraw, asked once more in a dialog: it cannot be undone. */
export function ReliefWithdrawButton({ reliefId, offer, onRefused }: Props) {
  const t = useT(reliefTexts);
  const [asking, setAsking] = useState(false);
  const withdraw = useWithdrawRelief();
  const confirm = async () => {
    setAsking(false);
    try {
      await withdraw.mutateAsync(reliefId);
      toast.success(t(offer ? 'relief.declined' : 'relief.withdrawn'));
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal) onRefused(refusal);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`kk-btn kk-btn--block ${offer ? 'kk-btn--link' : 'kk-btn--ghost'}`}
        data-testid={offer ? 'relief-decline' : 'relief-withdraw'}
        disabled={withdraw.isPending}
        onClick={() => setAsking(true)}
      >
        {t(offer ? 'relief.decline' : 'relief.withdraw')}
      </button>
      <TextDialog
        visible={asking}
        title={t(offer ? 'relief.declineTitle' : 'relief.withdrawTitle')}
        content={t(offer ? 'relief.declineBody' : 'relief.withdrawBody')}
        confirmText={t(offer ? 'relief.declineConfirm' : 'relief.withdrawConfirm')}
        cancelText={t('relief.keep')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
