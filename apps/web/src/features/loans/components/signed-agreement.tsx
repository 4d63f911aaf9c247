import { useState } from 'react';
import { SupportLink } from '../../../components/support-link.tsx';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { getSignedAgreement, useSignedAgreement } from '../api/get-loan-agreement.ts';
import { loansTexts } from '../loans-texts.ts';
import { AgreementSections, downloadPdf } from './agreement-sheet.tsx';
import './loans.css';
import { formatWib } from '../../../lib/wib-time.ts';

/**
 * /me/loan-agreement?order_id=: the agreement the borrower accepted, theirs to keep (linked from the loan detail and
 * the disbursement SMS). Its number, when it was accepted, the SHA-256 of the PDF, and the PDF itself: the copy kept
 * when it was accepted, not a new rendering.
 */
export function SignedAgreement({ orderId }: { orderId: string }) {
  const t = useT(loansTexts);
  const agreement = useSignedAgreement(orderId);
  const [downloading, setDownloading] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; code: number } | null>(null);
  if (!orderId || (agreement.isError && !agreement.data))
    return (
      <div className="kk-status-page" data-testid="signed-agreement-missing">
        <p className="kk-muted">{t('loan.signed.missing')}</p>
        {orderId ? (
          <button type="button" className="kk-btn kk-btn--primary" onClick={() => void agreement.refetch()}>
            {t('loan.retry')}
          </button>
        ) : null}
      </div>
    );
  const view = agreement.data;
  if (!view)
    return (
      <p className="kk-content kk-muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  const download = async () => {
    setDownloading(true);
    setRefusal(null);
    try {
      const withPdf = await getSignedAgreement(orderId, true, { toast: false });
      if (withPdf.pdf_base64) downloadPdf(withPdf.pdf_base64, `kaskita-agreement-${orderId.slice(0, 8)}.pdf`);
      else toast.error(t('loan.agreement.pdfFailed'));
    } catch (e) {
      // A refusal (4305: the signed copy cannot be produced) stays on the page with the way to customer service.
      if (e instanceof ApiError && e.kind === 'server') setRefusal({ message: e.message, code: e.code });
      else toast.error(t('loan.agreement.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <article className="kk-content kk-agreement__body" data-testid="signed-agreement">
      <h2 className="kk-agreement__title">{view.title}</h2>
      <dl className="kk-card kk-agreement__signed">
        <dt>{t('loan.signed.number')}</dt>
        <dd data-testid="signed-number">{view.order_id}</dd>
        <dt>{t('loan.signed.acceptedAt')}</dt>
        <dd data-testid="signed-accepted-at">{view.accepted_at ? formatWib(view.accepted_at) : '—'}</dd>
        <dt>{t('loan.signed.hash')}</dt>
        <dd className="kk-agreement__hash" data-testid="signed-sha256">
          {view.sha256}
        </dd>
      </dl>
      <button
        type="button"
        className="kk-btn kk-btn--primary kk-btn--block"
        data-testid="signed-agreement-pdf"
        disabled={downloading}
        onClick={() => void download()}
      >
        {downloading ? t('loan.agreement.pdfLoading') : t('loan.signed.download')}
      </button>
      {refusal ? (
        <div className="kk-card" role="alert" data-testid="signed-agreement-refused">
          <p>{refusal.message}</p>
          <SupportLink code={refusal.code} orderId={orderId} />
        </div>
      ) : null}
      <p className="kk-small kk-muted">{t('loan.signed.hashNote')}</p>
      <AgreementSections sections={view.sections} />
    </article>
  );
}
