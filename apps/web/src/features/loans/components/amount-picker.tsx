import { useId, useState } from 'react';
import Slider from 'antd-mobile/es/components/slider';
import { formatAmount, formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { groupDigits } from '../../../components/amount-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useT } from '../../../lib/i18n.ts';
import { snapAmount, typedAmount, type AmountRange } from '../amount-range.ts';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

const rp = (n: Rupiah) => formatRupiah(n);

type Props = {
  range: AmountRange;
  value: Rupiah;
  /**
   * The offered amount chosen, and the amount the borrower asked for (typed or slid): a tenor allowing more later
   * brings the amount back up to what was asked.
   */
  onChange: (value: Rupiah, asked: number) => void;
};

/**
 * The amount by a slider and a typed number, kept in sync and always one of the offered amounts. Typing moves the
 * slider to the nearest offered amount at once; the field itself is snapped when the borrower leaves it (or presses
 * Enter), with a note when that changed what was typed. The typed field is the keyboard's and screen reader's way in.
 */
export function AmountPicker({ range, value, onChange }: Props) {
  const t = useT(loansTexts);
  const rangeId = useId();
  /** What the field shows while the borrower types; null shows the value. */
  const [draft, setDraft] = useState<string | null>(null);
  const [adjusted, setAdjusted] = useState<Rupiah | null>(null);
  const single = range.min === range.max;

  const commit = () => {
    if (draft === null) return;
    const typed = typedAmount(draft);
    const snapped = typed === null ? value : snapAmount(typed, range);
    setDraft(null);
    setAdjusted(typed !== null && typed !== snapped ? snapped : null);
    if (typed !== null) onChange(snapped, typed);
  };

  return (
    <div className="kk-loan__amount">
      <TextField
        label={t('loan.form.amount')}
        inputMode="numeric"
        autoComplete="off"
        className="kk-field__input kk-loan__amount-input"
        value={draft ?? formatAmount(value)}
        aria-describedby={rangeId}
        testId="loan-amount"
        readOnly={single}
        onChange={(typed) => {
          const grouped = groupDigits(typed);
          setDraft(grouped);
          setAdjusted(null);
          const amount = typedAmount(grouped);
          if (amount !== null) onChange(snapAmount(amount, range), amount);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {single ? null : (
        <div className="kk-loan__slider" data-testid="loan-amount-slider">
          <Slider
            min={range.min}
            max={range.max}
            step={range.step}
            value={value}
            aria-label={t('loan.form.amountSlider')}
            onChange={(v) => {
              const next = snapAmount(Array.isArray(v) ? v[1] : v, range);
              setDraft(null);
              setAdjusted(null);
              if (next !== value) onChange(next, next);
            }}
          />
        </div>
      )}
      <p className="kk-small kk-muted kk-loan__range" id={rangeId} data-testid="loan-amount-range">
        {single
          ? t('loan.form.rangeSingle', { amount: rp(range.min) })
          : t('loan.form.range', { min: rp(range.min), max: rp(range.max), step: rp(range.step) })}
      </p>
      {adjusted !== null ? (
        <p className="kk-small kk-loan__adjusted" role="status" data-testid="loan-amount-adjusted">
          {t('loan.form.adjusted', { amount: rp(adjusted) })}
        </p>
      ) : null}
    </div>
  );
}
