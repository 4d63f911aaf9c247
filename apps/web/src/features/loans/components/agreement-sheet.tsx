import { useId, useState } from 'react';
import { Popup } from '../../../components/lazy-overlay.tsx';
import type { AgreementView } from '@kaskita/domain/contract/loans';
import { Icon } from '../../../components/icon.tsx';
import { toast } from '../../../components/toast.ts';
import { useT } from '../../../lib/i18n.ts';
import { getLoanAgreementPdf, type AgreementParams } from '../api/get-loan-agreement.ts';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

export const AGREEMENT_PDF_NAME = 'kaskita-agreement.pdf';

/** Saves base64 PDF bytes as a file through a Blob link (works in Android WebViews that ignore data: downloads). */
export function downloadPdf(base64: string, fileName = AGREEMENT_PDF_NAME): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Later, not now: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The agreement's sections as the server wrote them: headings, paragraphs and the schedule table. */
export function AgreementSections({ sections }: { sections: AgreementView['sections'] }) {
  return (
    <>
      {sections.map((s, i) => (
        <section key={i} className="kk-agreement__section">
          <h3>{s.heading}</h3>
          {s.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
          {s.table ? (
            <div className="kk-loan__scroll" role="region" aria-label={s.heading} tabIndex={0}>
              <table className="kk-agreement__table">
                <thead>
                  <tr>
                    {s.table.columns.map((c, k) => (
                      <th key={k} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {s.table.rows.map((row, k) => (
                    <tr key={k}>
                      {row.map((cell, m) => (
                        <td key={m}>{cell}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ))}
    </>
  );
}

type Props = {
  visible: boolean;
  onClose: () => void;
  params: AgreementParams;
  agreement: AgreementView | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
};

/**
 * The loan agreement full-screen (GET /v1/order/agreement): its title, subtitle and sections as the server wrote them
 * in the borrower's language, and the PDF to keep. From the right, so the long text scrolls like a page (a bottom
 * sheet takes vertical swipes for closing).
 */
export function AgreementSheet({ visible, onClose, params, agreement, loading, failed, onRetry }: Props) {
  const t = useT(loansTexts);
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const withPdf = await getLoanAgreementPdf(params);
      if (withPdf.pdf_base64) downloadPdf(withPdf.pdf_base64);
      else toast.error(t('loan.agreement.pdfFailed'));
    } catch {
      // toasted by the api client
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Popup visible={visible} onClose={onClose} position="right" bodyClassName="kk-agreement" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="kk-agreement__frame">
        <header className="kk-agreement__bar">
          <button
            type="button"
            className="kk-topbar__back"
            aria-label={t('loan.agreement.close')}
            data-testid="agreement-close"
            onClick={onClose}
          >
            <Icon name="back" size={22} />
          </button>
          <span className="kk-agreement__bar-title" id={titleId}>
            {agreement?.title ?? t('loan.agreement.heading')}
          </span>
        </header>
        <div className="kk-agreement__body" data-testid="agreement">
          {agreement ? (
            <>
              <h2 className="kk-agreement__title">{agreement.title}</h2>
              <p className="kk-small kk-muted">{agreement.subtitle}</p>
              <button
                type="button"
                className="kk-btn kk-btn--link kk-loan__download"
                data-testid="agreement-pdf"
                disabled={downloading}
                onClick={() => void download()}
              >
                {downloading ? t('loan.agreement.pdfLoading') : t('loan.agreement.pdf')}
              </button>
              <AgreementSections sections={agreement.sections} />
              <button type="button" className="kk-btn kk-btn--primary kk-btn--block" onClick={onClose}>
                {t('loan.agreement.done')}
              </button>
            </>
          ) : failed ? (
            <div className="kk-status-page">
              <p className="kk-muted">{t('loan.loadFailed')}</p>
              <button type="button" className="kk-btn kk-btn--primary" onClick={onRetry}>
                {t('loan.retry')}
              </button>
            </div>
          ) : loading ? (
            <p className="kk-muted" aria-busy="true">
              {t('common.loading')}
            </p>
          ) : null}
        </div>
      </div>
    </Popup>
  );
}
