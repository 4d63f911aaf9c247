import { useEffect, useState } from 'react';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { useT } from '../../../lib/i18n.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/** Drawn at this many CSS pixels: large enough for a second phone's camera at arm's length, small enough for 320 px. */
const QR_SIZE = 264;

/**
 * A QRIS code as a PNG image: scanned from another phone, or saved (long press, or the button) and opened from the
 * gallery in the borrower's banking or e-wallet app. The `qrcode` library is loaded only here, when a QRIS code is
 * shown. The image's place is kept while it is drawn, so nothing below it moves.
 */
export function QrisCode({ text, amount }: { text: string; amount: Rupiah }) {
  const t = useT(repaymentsTexts);
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void import('qrcode')
      .then(({ toDataURL }) =>
        // Level M and a 4-module quiet zone: what QRIS asks of a printed or displayed code.
        toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: QR_SIZE * 2 }),
      )
      .then((url) => {
        if (!cancelled) setImage({ text, url });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [text]);
  const shown = image?.text === text ? image.url : null;
  if (failed)
    return (
      <p className="kk-small kk-repay__qr-failed" role="alert" data-testid="code-qr-failed">
        {t('repayment.qrFailed')}
      </p>
    );
  return (
    <>
      <figure className="kk-repay__qr" data-testid="code-qr" data-qr={text}>
        {shown ? (
          <img
            src={shown}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={t('repayment.qrAlt', { amount: rp(amount) })}
            data-testid="code-qr-image"
          />
        ) : (
          <div className="kk-repay__qr-pending" style={{ width: QR_SIZE, height: QR_SIZE }} />
        )}
        <figcaption className="kk-small">{t('repayment.qrPayee')}</figcaption>
      </figure>
      {shown ? (
        <a
          className="kk-btn kk-btn--ghost kk-repay__save-qr"
          href={shown}
          download={`kaskita-qris-${amount}.png`}
          data-testid="save-qr"
        >
          {t('repayment.saveQr')}
        </a>
      ) : null}
    </>
  );
}
