import { useState } from 'react';
import type { ConsentView } from '@kaskita/domain/contract/my-data';
import type { WithdrawableConsent } from '@kaskita/domain/legal/personal-data-rights';
import { TextDialog } from '../../../components/text-dialog.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatWib } from '../../../lib/wib-time.ts';
import { useConsents, useRestorePrivacyConsent, useWithdrawConsent } from '../api/my-data.ts';
import { myDataTexts } from '../my-data-texts.ts';

/**
 * Every consent with the version of its text and when it was given or withdrawn, the withdrawal of those that can be
 * (after a confirmation that says what stops), and, while a loan is owed, what goes on anyway and why.
 */
export function ConsentsList() {
  const t = useT(myDataTexts);
  const consents = useConsents();
  const withdraw = useWithdrawConsent();
  const restore = useRestorePrivacyConsent();
  const [asking, setAsking] = useState<ConsentView | null>(null);
  const data = consents.data;
  const confirm = async () => {
    const consent = asking;
    setAsking(null);
    if (!consent) return;
    try {
      const result = await withdraw.mutateAsync(consent.kind as WithdrawableConsent);
      toast.success(`${t('myData.withdrawnToast')}: ${result.stopped}`);
    } catch {
      // toasted by the api client
    }
  };
  const giveAgain = async () => {
    try {
      await restore.mutateAsync();
      toast.success(t('myData.restoredToast'));
    } catch {
      // toasted by the api client
    }
  };
  return (
    <section className="kk-card" aria-labelledby="my-data-consents-title" data-testid="my-data-consents">
      <h2 className="kk-me__section-title" id="my-data-consents-title">
        {t('myData.consentsTitle')}
      </h2>
      <p className="kk-small kk-muted">{t('myData.consentsIntro')}</p>
      <ul className="kk-my-data__list" aria-busy={!data}>
        {data?.list.map((c) => (
          <li key={c.kind} data-testid={`consent-${c.kind}`} data-in-force={c.in_force}>
            <strong>{t(`myData.kind_${c.kind}`)}</strong>
            <p className="kk-small">{c.purpose}</p>
            <p className="kk-small kk-muted" data-testid="consent-state">
              {c.withdrawn_at
                ? t('myData.withdrawnAt', { time: formatWib(c.withdrawn_at) })
                : c.given_at
                  ? t('myData.given', { time: formatWib(c.given_at) })
                  : t('myData.notGiven')}
              {c.version ? ` · ${t('myData.version', { version: c.version })}` : ''}
              {c.version && c.current_version && c.current_version !== c.version
                ? ` · ${t('myData.newVersion', { version: c.current_version })}`
                : ''}
            </p>
            <p className="kk-small kk-muted">{c.withdrawal}</p>
            {c.withdrawable && c.in_force ? (
              <button
                type="button"
                className="kk-btn kk-btn--ghost kk-btn--small"
                data-testid="consent-withdraw"
                disabled={withdraw.isPending}
                onClick={() => setAsking(c)}
              >
                {t('myData.withdraw')}
              </button>
            ) : null}
            {c.kind === 'privacy' && c.withdrawn_at ? (
              <button
                type="button"
                className="kk-btn kk-btn--ghost kk-btn--small"
                data-testid="consent-restore"
                disabled={restore.isPending}
                onClick={() => void giveAgain()}
              >
                {t('myData.restore')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {data && data.while_owed.length > 0 ? (
        <div data-testid="consents-while-owed">
          <p className="kk-small">{t('myData.continuesTitle')}</p>
          <ul className="kk-small">
            {data.while_owed.map((c, i) => (
              <li key={i}>{t('myData.continuesItem', { what: c.what, why: c.why })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <TextDialog
        visible={asking !== null}
        title={t('myData.withdrawTitle')}
        content={asking?.withdrawal ?? ''}
        confirmText={t('myData.withdrawConfirm')}
        cancelText={t('myData.cancel')}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
