import { Link, useSearchParams } from 'react-router';
import { dateParts, formatDisplayDate, isBusinessDate } from '@kaskita/domain/pricing/business-date';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { toApiDate } from '../../../components/date-rules.ts';
import { Icon, type IconName } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSettlementQuote } from '../api/get-settlement-quote.ts';
import { REPAY_CODE } from '../repayment-codes.ts';
import { rp } from '../repayment-format.ts';
import { repaymentsTexts } from '../repayments-texts.ts';
import { payHref } from './bill-parts.tsx';
import { EmptyState, Facts, HomeLink, LoadFailed, Loading } from './repayment-parts.tsx';

/** A business date as the picker's local midnight (the picker works in Date objects, the API in 'YYYY-MM-DD'). */
const toPickerDate = (date: string) => {
  const { y, m, d } = dateParts(date);
  return new Date(y, m - 1, d);
};

/**
 * /activity/flexible-repayment (GET /v1/order/settlement_quote): pick a day from today to the last due date and see
 * what closing the whole loan costs that day, how many days of use it counts and the interest and fees saved against
 * the schedule. "Settle now" pays today's amount (a code for type settlement): a later day is a simulation. The day
 * chosen is kept in the address (`?date=`), so a reload or the back button shows the same figures.
 */
export function FlexibleRepayment() {
  const t = useT(repaymentsTexts);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('date');
  const date = asked && isBusinessDate(asked) ? asked : null;
  const setDate = (day: string) => setSearch({ date: day }, { replace: true });
  const today = useSettlementQuote(null);
  const chosen = useSettlementQuote(date);
  const error = today.error;
  if (error instanceof ApiError && error.kind === 'server' && error.code === REPAY_CODE.NO_REPAYING_LOAN)
    return <EmptyState testId="flex-no-loan" title={t('repayment.flexNoLoan')} action={<HomeLink />} />;
  if (today.isError && !today.data)
    return (
      <LoadFailed
        message={error instanceof ApiError && error.kind === 'server' ? error.message : undefined}
        onRetry={() => void today.refetch()}
      />
    );
  if (!today.data) return <Loading />;
  const now = today.data;
  // The chosen day's quote, or today's until it arrives (a failed one is toasted; today's stays).
  const quote = (date && chosen.data?.date === date ? chosen.data : null) ?? now;
  const later = quote.date !== now.date;
  return (
    <div className="kk-content kk-repay" data-testid="page-flexible">
      <section className="kk-card">
        <DatePickerField
          label={t('repayment.flexDay')}
          value={toPickerDate(quote.date)}
          onChange={(d) => setDate(toApiDate(d))}
          placeholder={formatDisplayDate(now.date)}
          title={t('repayment.flexPickTitle')}
          confirmText={t('repayment.pickerConfirm')}
          cancelText={t('repayment.pickerCancel')}
          min={toPickerDate(now.business_date)}
          max={toPickerDate(now.last_date)}
          testId="flex-date"
        />
        <p className="kk-small kk-muted">
          {t('repayment.flexRange', {
            from: formatDisplayDate(now.business_date),
            to: formatDisplayDate(now.last_date),
          })}
        </p>
      </section>
      <section className="kk-repay__amount-card" aria-live="polite" aria-busy={chosen.isFetching}>
        <p className="kk-repay__nearest-label">
          {t('repayment.flexAmount', { date: formatDisplayDate(quote.date) })}
        </p>
        <p className="kk-repay__nearest-amount" data-testid="flex-amount">
          {rp(quote.amount)}
        </p>
        <p className="kk-small" data-testid="flex-days">
          {t('repayment.flexDaysUsed', { count: quote.days_of_use })}
        </p>
      </section>
      <section className="kk-card kk-repay__saved" data-testid="flex-saved">
        <p className="kk-repay__saved-amount">
          <Icon name="check" /> {t('repayment.flexSaved', { amount: rp(quote.saved.total) })}
        </p>
        <p className="kk-small kk-muted">
          {t('repayment.flexSavedDetail', {
            interest: rp(quote.saved.interest),
            fee: rp(quote.saved.fee),
            scheduled: rp(quote.scheduled_remaining),
          })}
        </p>
      </section>
      <section className="kk-card">
        <Facts
          testId="flex-breakdown"
          rows={[
            { label: t('repayment.principal'), value: rp(quote.principal) },
            { label: t('repayment.interest'), value: rp(quote.interest) },
            { label: t('repayment.fee'), value: rp(quote.fee) },
            quote.late_fee > 0
              ? { label: t('repayment.lateFee'), value: rp(quote.late_fee), danger: true }
              : null,
            quote.credit_applied > 0
              ? { label: t('repayment.flexCreditApplied'), value: `- ${rp(quote.credit_applied)}` }
              : null,
            { label: t('repayment.total'), value: rp(quote.amount), strong: true },
          ]}
        />
      </section>
      {date && chosen.isError && chosen.data?.date !== date ? (
        <p className="kk-small kk-repay__error" role="alert" data-testid="flex-date-failed">
          {chosen.error instanceof ApiError && chosen.error.kind === 'server'
            ? chosen.error.message
            : t('repayment.loadFailed')}
        </p>
      ) : null}
      {later ? (
        <p className="kk-small" data-testid="flex-today-note">
          {t('repayment.flexFuture', { amount: rp(now.amount) })}
        </p>
      ) : null}
      <Link
        className="kk-btn kk-btn--primary kk-btn--block"
        to={payHref('settlement')}
        data-testid="settle-now"
      >
        {t('repayment.settleNow', { amount: rp(now.amount) })}
      </Link>
      <Link className="kk-btn kk-btn--link" to={paths.activityFlexibleRepaymentIntroduce.path}>
        {t('repayment.aboutFlexible')}
      </Link>
    </div>
  );
}

const POINTS: {
  icon: IconName;
  title: 'repayment.flexPoint1Title' | 'repayment.flexPoint2Title' | 'repayment.flexPoint3Title';
  body: 'repayment.flexPoint1' | 'repayment.flexPoint2' | 'repayment.flexPoint3';
}[] = [
  { icon: 'clock', title: 'repayment.flexPoint1Title', body: 'repayment.flexPoint1' },
  { icon: 'check', title: 'repayment.flexPoint2Title', body: 'repayment.flexPoint2' },
  { icon: 'shield', title: 'repayment.flexPoint3Title', body: 'repayment.flexPoint3' },
];

/** /activity/flexible-repayment-introduce: what flexible repayment is (any day, only the days used, no penalty). */
export function FlexibleIntroduce() {
  const t = useT(repaymentsTexts);
  return (
    <div className="kk-content kk-repay" data-testid="page-flexible-introduce">
      <section className="kk-repay__hero">
        <h2 className="kk-repay__hero-title">{t('repayment.flexTitle')}</h2>
        <p>{t('repayment.flexLead')}</p>
      </section>
      <ul className="kk-repay__points">
        {POINTS.map((p) => (
          <li key={p.title} className="kk-card kk-repay__point">
            <span className="kk-repay__point-icon" aria-hidden="true">
              <Icon name={p.icon} size={24} />
            </span>
            <span>
              <strong>{t(p.title)}</strong>
              <span className="kk-small kk-muted kk-repay__point-body">{t(p.body)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="kk-small kk-muted">{t('repayment.flexExample')}</p>
      <Link
        className="kk-btn kk-btn--primary kk-btn--block"
        to={paths.activityFlexibleRepayment.path}
        data-testid="flex-try"
      >
        {t('repayment.flexTry')}
      </Link>
    </div>
  );
}
