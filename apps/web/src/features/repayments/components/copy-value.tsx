import { useRef } from 'react';
import { toast } from '../../../components/toast.ts';
import { useCopyText } from '../../../lib/copy-text.ts';
import { useT } from '../../../lib/i18n.ts';
import { repaymentsTexts } from '../repayments-texts.ts';

/**
 * A value the borrower types into a bank or shows a cashier (a virtual account number, a bill key, an amount), shown
 * large with a copy button. The copy is the bare value; the screen may group it (`shown`), and a line only ever breaks
 * between groups (a number split "893 / 3" is misread). "Copied" is said on the button itself, not in a toast that
 * would cover the number being copied. Where the phone can copy neither way, the value is selected so a long press
 * copies it.
 */
export function CopyValue({
  label,
  value,
  shown = value,
  testId,
  large = false,
}: {
  label: string;
  value: string;
  shown?: string;
  testId: string;
  large?: boolean;
}) {
  const t = useT(repaymentsTexts);
  const ref = useRef<HTMLSpanElement>(null);
  const { copied, copy: copyValue } = useCopyText(value);
  const copy = async () => {
    if (await copyValue()) return;
    const el = ref.current;
    const selection = window.getSelection();
    if (el && selection) {
      const range = document.createRange();
      range.selectNodeContents(el);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    toast.info(t('repayment.copySelected'));
  };
  return (
    <div className="kk-repay__copy">
      <span className="kk-repay__copy-label">{label}</span>
      <div className="kk-repay__copy-row">
        <span
          ref={ref}
          className={`kk-repay__copy-value${large ? ' kk-repay__copy-value--large' : ''}`}
          data-testid={testId}
          data-value={value}
        >
          {shown.includes(' ')
            ? shown.split(' ').map((group, i) => (
                <span key={i}>
                  {i > 0 ? ' ' : null}
                  <span className="kk-repay__copy-group" data-one-line>
                    {group}
                  </span>
                </span>
              ))
            : shown}
        </span>
        <button
          type="button"
          className="kk-btn kk-btn--ghost kk-btn--small kk-repay__copy-button"
          onClick={() => void copy()}
          aria-label={t('repayment.copyLabel', { what: label })}
          data-testid={`${testId}-copy`}
        >
          <span aria-live="polite">{copied ? t('repayment.copied') : t('repayment.copy')}</span>
        </button>
      </div>
    </div>
  );
}
