import { useId, useState } from 'react';
import { SupportLink } from '../../../components/support-link.tsx';
import { toast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getReliefAddendum, useReliefAddendum } from '../api/get-relief-addendum.ts';
import { reliefTexts } from '../relief-texts.ts';

/** The addendum of one request, folded until the borrower opens it (only then is it fetched). */
export function useAddendum(reliefId: string) {
  const [open, setOpen] = useState(false);
  const query = useReliefAddendum(reliefId, open);
  return { reliefId, open, toggle: () => setOpen((o) => !o), query };
}
type Addendum = ReturnType<typeof useAddendum>;

/**
 * "Read the addendum": its sections as the server wrote them (Indonesian, then English), marked as a preview until
 * accepted, and its PDF to keep. Inline below the offer rather than over it, so Accept follows the text it signs.
 */
export function ReliefAddendum({ addendum, orderId }: { addendum: Addendum; orderId: string }) {
  const t = useT(reliefTexts);
  const regionId = useId();
  const { open, toggle, query } = addendum;
  return (
    <div className="kk-relief__addendum">
      <button
        type="button"
        className="kk-btn kk-btn--ghost kk-btn--block"
        aria-expanded={open}
        aria-controls={regionId}
        data-testid="relief-addendum-toggle"
        onClick={toggle}
      >
        {open ? t('relief.hideAddendum') : t('relief.readAddendum')}
      </button>
      <div id={regionId} hidden={!open} data-testid="relief-addendum">
        {!open ? null : query.data ? (
          <article aria-label={query.data.title}>
            <h4 className="kk-relief__subtitle">{query.data.title}</h4>
            {query.data.signed ? (
              <p className="kk-small kk-muted">
                {t('relief.signedHash')}: <span className="kk-relief__hash">{query.data.sha256}</span>
              </p>
            ) : (
              <p className="kk-small kk-muted" data-testid="relief-addendum-preview">
                {t('relief.preview')}
              </p>
            )}
            <PdfDownload reliefId={addendum.reliefId} orderId={orderId} />
            {query.data.sections.map((s, i) => (
              <section key={i} className="kk-relief__section">
                <h5>{s.heading}</h5>
                {s.paragraphs.map((p, j) => (
                  <p key={j}>{p}</p>
                ))}
              </section>
            ))}
          </article>
        ) : query.isError ? (
          <p className="kk-small">
            {t('relief.loadFailed')}{' '}
            <button type="button" className="kk-btn kk-btn--link" onClick={() => void query.refetch()}>
              {t('relief.retry')}
            </button>
          </p>
        ) : (
          <p className="kk-small kk-muted" aria-busy="true">
            {t('relief.loading')}
          </p>
        )}
      </div>
    </div>
  );
}

/** The PDF, asked for only when downloaded (it weighs far more than the text). */
function PdfDownload({ reliefId, orderId }: { reliefId: string; orderId: string }) {
  const t = useT(reliefTexts);
  const [downloading, setDownloading] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; code: number } | null>(null);
  const download = async () => {
    setDownloading(true);
    setRefusal(null);
    try {
      const withPdf = await getReliefAddendum(reliefId, true, { toast: false });
      if (withPdf.pdf_base64)
        saveFile(
          { base64: withPdf.pdf_base64 },
          `kaskita-relief-addendum-${reliefId.slice(0, 8)}.pdf`,
          'application/pdf',
        );
      else toast.error(t('relief.pdfFailed'));
    } catch (e) {
      // A refusal (4305: the signed copy cannot be produced) stays, with the way to customer service.
      if (e instanceof ApiError && e.kind === 'server') setRefusal({ message: e.message, code: e.code });
      else toast.error(t('relief.pdfFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="kk-btn kk-btn--link"
        data-testid="relief-addendum-pdf"
        disabled={downloading}
        onClick={() => void download()}
      >
        {downloading ? t('relief.pdfLoading') : t('relief.downloadPdf')}
      </button>
      {refusal ? (
        <p className="kk-small" role="alert" data-testid="relief-addendum-refused">
          {refusal.message} <SupportLink code={refusal.code} orderId={orderId} />
        </p>
      ) : null}
    </>
  );
}
