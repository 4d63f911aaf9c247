import { useState } from 'react';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { BottomSheet } from '../../../components/bottom-sheet.tsx';
import '../../../components/form-field.css';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { useAccountDeletion, useDeleteAccount } from '../api/my-data.ts';
import { myDataTexts } from '../my-data-texts.ts';

/**
 * Deleting the account: what stands in the way while anything is owed or in progress, otherwise what is erased at once
 * and what the law makes us keep, why and until when; the confirmation says it again and wants DELETE typed.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const t = useT(myDataTexts);
  const preview = useAccountDeletion();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const plan = preview.data;
  const keptUntil = plan?.kept_until ? formatDisplayDate(plan.kept_until) : null;
  const confirm = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      toast.success(t('myData.deleted'));
      onDeleted();
    } catch {
      // toasted by the api client (4400 names what stands in the way)
      setConfirming(false);
      void preview.refetch();
    }
  };
  return (
    <section className="kk-card" aria-labelledby="my-data-delete-title" data-testid="my-data-delete">
      <h2 className="kk-me__section-title" id="my-data-delete-title">
        {t('myData.deleteTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('myData.deleteIntro')}</p>
      {plan && !plan.allowed ? (
        <div data-testid="delete-blockers">
          <p className="kk-small">{t('myData.blockedTitle')}</p>
          <ul className="kk-small">
            {plan.blockers.map((b) => (
              <li key={b}>{t(`myData.blocker_${b}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {plan ? (
        <>
          <p className="kk-small">
            <strong>{t('myData.erasedTitle')}:</strong> {plan.erased.join(', ')}
          </p>
          {keptUntil ? (
            <div data-testid="delete-kept">
              <p className="kk-small">
                <strong>{t('myData.keptTitle', { date: keptUntil })}</strong>
              </p>
              <ul className="kk-small">
                {plan.kept.map((k) => (
                  <li key={k.record}>{k.text}</li>
                ))}
              </ul>
              <p className="kk-small kk-muted">{plan.kept_because}</p>
            </div>
          ) : (
            <p className="kk-small" data-testid="delete-kept-nothing">
              {t('myData.keptNothing')}
            </p>
          )}
        </>
      ) : null}
      <button
        type="button"
        className="kk-btn kk-btn--ghost kk-btn--block kk-my-data__danger"
        data-testid="delete-account"
        disabled={!plan?.allowed || remove.isPending}
        onClick={() => {
          setTyped('');
          setConfirming(true);
        }}
      >
        {t('myData.deleteButton')}
      </button>
      <BottomSheet
        visible={confirming}
        title={t('myData.deleteConfirmTitle')}
        onClose={() => setConfirming(false)}
      >
        <div className="kk-field" data-testid="delete-confirm">
          <p className="kk-small">
            {keptUntil && plan
              ? t('myData.deleteConfirmKept', {
                  date: keptUntil,
                  items: plan.kept.map((k) => k.text).join('; '),
                })
              : t('myData.deleteConfirmNothing')}
          </p>
          {plan?.kept_because ? <p className="kk-small kk-muted">{plan.kept_because}</p> : null}
          <label className="kk-field__label" htmlFor="kk-delete-typed">
            {t('myData.deleteConfirmType')}
          </label>
          <input
            id="kk-delete-typed"
            className="kk-field__input"
            data-testid="delete-typed"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button
            type="button"
            className="kk-btn kk-btn--block kk-my-data__danger-solid"
            data-testid="delete-confirm-button"
            disabled={typed.trim() !== 'DELETE' || remove.isPending}
            onClick={() => void confirm()}
          >
            {t('myData.deleteConfirm')}
          </button>
          <button
            type="button"
            className="kk-btn kk-btn--ghost kk-btn--block"
            onClick={() => setConfirming(false)}
          >
            {t('myData.cancel')}
          </button>
        </div>
      </BottomSheet>
    </section>
  );
}
