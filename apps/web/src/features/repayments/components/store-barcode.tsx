import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/**
 * The store payment code as a CODE128 barcode the Alfamart or Indomaret cashier scans, beside the digits (which stay
 * the way to pay if the scan fails). JsBarcode is loaded only here, when a store code is shown: no other page pays for
 * it. Drawn as SVG, so it stays sharp on any screen and in a screenshot.
 */
export function StoreBarcode({ code }: { code: string }) {
  const t = useT(repaymentsTexts);
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void import('jsbarcode')
      .then(({ default: JsBarcode }) => {
        if (cancelled || !svg.current) return;
        JsBarcode(svg.current, code, {
          format: 'CODE128',
          displayValue: false,
          height: 64,
          width: 2,
          margin: 8,
          background: '#ffffff',
          lineColor: '#000000',
        });
      })
      // Offline after the page loaded: the digits above still work.
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [code]);
  if (failed) return null;
  return (
    <svg
      ref={svg}
      className="kk-repay__barcode"
      role="img"
      aria-label={t('repayment.storeBarcode', { code })}
      data-testid="code-barcode"
      data-code={code}
    />
  );
}
