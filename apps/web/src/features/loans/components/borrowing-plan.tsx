import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { LoanPlanView } from '@kaskita/domain/contract/loans';
import { addRupiah, formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { Icon } from '../../../components/icon.tsx';
import { LoadingOverlay } from '../../../components/loading-overlay.tsx';
import { paths } from '../../../config/paths.ts';
import { track } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatPercent, formatShare } from '../../../lib/format.ts';
import { useLocale, useT, type TFunction, type TKeyOf } from '../../../lib/i18n.ts';
import { useConfirmWithPin } from '../../../components/pin-confirmation.ts';
import { useCreateLoanOrder } from '../api/create-loan-order.ts';
import { useLoanAgreement, type AgreementParams } from '../api/get-loan-agreement.ts';
import { useLoanPlan } from '../api/get-loan-plan.ts';
import { forgetBorrowChoice } from '../borrow-choice-store.ts';
import { forgetOrderToken, orderTokenFor } from '../order-token.ts';
import { planQuery } from '../plan-params.ts';
import { AgreementSheet } from './agreement-sheet.tsx';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

const rp = (n: Rupiah) => formatRupiah(n);

/** 4297: the agreement changed since it was read. */
const AGREEMENT_OUTDATED = 4297;

/**
 * One amount of a refusal's data (the contract's errorDataSchema), read without zod: the plan page's chunk would
 * otherwise load zod for three numbers (issue 23). Anything but whole, non-negative rupiah is not there.
 */
function rupiahIn(data: unknown, key: 'min_amount' | 'max_amount' | 'available_amount'): Rupiah | undefined {
  const v = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? (v as Rupiah) : undefined;
}

/**
 * The allowed amounts a refusal names (4293 the product's range, 4295 the available limit, 4300 the largest amount the
 * income allows on the tenor), in words; null when the answer carries none.
 */
export function allowedRangeText(error: unknown, t: TFunction<TKeyOf<typeof loansTexts>>): string | null {
  if (!(error instanceof ApiError) || error.kind !== 'server') return null;
  const min = rupiahIn(error.data, 'min_amount');
  const max = rupiahIn(error.data, 'max_amount');
  const available = rupiahIn(error.data, 'available_amount');
  if (min !== undefined && max !== undefined)
    return t('loan.plan.allowedRange', { min: rp(min), max: rp(max) });
  if (available !== undefined) return t('loan.plan.allowedUpTo', { amount: rp(available) });
  // 4300: the largest amount the income allows on this tenor.
  if (max !== undefined) return t('loan.plan.allowedUpTo', { amount: rp(max) });
  return null;
}

/**
 * /home/borrowing-plan (GET /v1/order/plan_v2): what arrives in the bank first and largest (no surprise deduction),
 * every instalment, the totals, the daily cost against the OJK cap and the largest monthly repayment against income;
 * then the agreement to read (GET /v1/order/agreement) and accept, and the order (POST /v1/order/loan).
 */
export function BorrowingPlan({ params }: { params: AgreementParams }) {
  const t = useT(loansTexts);
  const plan = useLoanPlan(params);
  const changeHref = paths.homeLoanProduct.href(planQuery(params));
  if (plan.isError && !plan.data) {
    const range = allowedRangeText(plan.error, t);
    return (
      <div className="kk-status-page" data-testid="plan-refused">
        <p>
          {plan.error instanceof ApiError && plan.error.kind === 'server'
            ? plan.error.message
            : t('loan.loadFailed')}
        </p>
        {range ? <p data-testid="plan-allowed-range">{range}</p> : null}
        <Link className="kk-btn kk-btn--primary" to={changeHref}>
          {t('loan.plan.change')}
        </Link>
      </div>
    );
  }
  if (!plan.data)
    return (
      <p className="kk-muted kk-center" aria-busy="true" data-testid="plan-loading">
        {t('common.loading')}
      </p>
    );
  return (
    <div className="kk-loan" data-testid="page-borrowing-plan">
      <PlanFigures plan={plan.data} changeHref={changeHref} />
      <PlanAcceptance params={params} />
    </div>
  );
}

function PlanFigures({ plan, changeHref }: { plan: LoanPlanView; changeHref: string }) {
  const t = useT(loansTexts);
  const locale = useLocale();
  const pct = (p: string) => formatPercent(p, locale);
  const { totals, caps, affordability } = plan;
  return (
    <>
      <section className="kk-loan__received" aria-labelledby="plan-received-label">
        <p className="kk-loan__received-label" id="plan-received-label">
          {t('loan.plan.youReceive')}
        </p>
        <p className="kk-loan__received-amount" data-testid="plan-received">
          {rp(plan.amount_received)}
        </p>
        <p className="kk-small" data-testid="plan-deducted">
          {plan.deducted > 0
            ? t('loan.plan.deducted', { amount: rp(plan.amount), fee: rp(plan.deducted) })
            : t('loan.plan.nothingDeducted', { amount: rp(plan.amount) })}
        </p>
        <p className="kk-small">
          {t('loan.plan.tenor', { tenor: plan.tenor_label })}{' '}
          <Link className="kk-loan__received-link" to={changeHref} data-testid="plan-change">
            {t('loan.plan.change')}
          </Link>
        </p>
      </section>

      <section className="kk-card" aria-labelledby="plan-schedule-title">
        <h2 className="kk-loan__title" id="plan-schedule-title">
          {t('loan.plan.schedule')}
        </h2>
        <InstalmentTable plan={plan} />
      </section>

      <section className="kk-card" aria-labelledby="plan-totals-title">
        <h2 className="kk-loan__title" id="plan-totals-title">
          {t('loan.plan.totals')}
        </h2>
        <dl className="kk-loan__facts" data-testid="plan-totals">
          <Fact label={t('loan.plan.principal')} value={rp(totals.principal)} />
          <Fact label={t('loan.plan.interest')} value={rp(totals.interest)} />
          <Fact label={t('loan.plan.fees')} value={rp(addRupiah(totals.fee, totals.origination_fee))} />
          <Fact label={t('loan.plan.cost')} value={rp(totals.cost)} testId="plan-cost" />
          <Fact
            label={t('loan.plan.deductedLabel')}
            value={plan.deducted > 0 ? rp(plan.deducted) : t('loan.plan.none')}
          />
          <Fact
            label={t('loan.plan.repayment')}
            value={rp(totals.repayment)}
            strong
            testId="plan-repayment"
          />
        </dl>
      </section>

      <section className="kk-card" aria-labelledby="plan-limits-title">
        <h2 className="kk-loan__title" id="plan-limits-title">
          {t('loan.plan.limits')}
        </h2>
        <p data-testid="plan-daily-cost">
          {t('loan.plan.dailyCost', { cost: pct(caps.daily_cost_percent), cap: pct(caps.daily_cap_percent) })}
        </p>
        <p className="kk-small kk-muted">
          {t('loan.plan.lateFee', {
            rate: pct(caps.daily_late_fee_percent),
            ceiling: rp(caps.late_fee_ceiling),
          })}
        </p>
        <p data-testid="plan-affordability">
          {affordability.share_percent !== null
            ? t('loan.plan.share', {
                amount: rp(affordability.largest_monthly_repayment),
                share: formatShare(affordability.share_percent, locale),
                limit: formatShare(affordability.limit_percent, locale),
              })
            : t('loan.plan.largest', { amount: rp(affordability.largest_monthly_repayment) })}
        </p>
      </section>
    </>
  );
}

function Fact({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={strong ? 'kk-loan__fact kk-loan__fact--strong' : 'kk-loan__fact'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * Every instalment. Six money columns do not fit a 320 px phone, so each instalment is a row (number, due date,
 * total) with its breakdown (principal, interest, fee) on the row under it, labelled.
 */
function InstalmentTable({ plan }: { plan: LoanPlanView }) {
  const t = useT(loansTexts);
  return (
    <table className="kk-loan__schedule" data-testid="plan-schedule">
      <caption className="kk-visually-hidden">{t('loan.plan.schedule')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('loan.plan.number')}</th>
          <th scope="col">{t('loan.plan.dueDate')}</th>
          <th scope="col" className="kk-loan__num">
            {t('loan.plan.total')}
          </th>
        </tr>
      </thead>
      {plan.instalments.map((i) => (
        <tbody key={i.number} data-testid="plan-instalment">
          <tr className="kk-loan__schedule-main">
            <th scope="row">{i.number}</th>
            <td>{formatDisplayDate(i.due_date)}</td>
            <td className="kk-loan__num">{rp(i.total)}</td>
          </tr>
          <tr className="kk-loan__schedule-detail">
            <td colSpan={3}>
              {t('loan.plan.breakdown', {
                principal: rp(i.principal),
                interest: rp(i.interest),
                fee: rp(i.fee),
              })}
            </td>
          </tr>
        </tbody>
      ))}
    </table>
  );
}

/** The agreement to open and accept, then the order. */
function PlanAcceptance({ params }: { params: AgreementParams }) {
  const t = useT(loansTexts);
  const navigate = useNavigate();
  const hintId = useId();
  const [sheetOpen, setSheetOpen] = useState(false);
  /** The version of the agreement the borrower opened and saw; the order names it. */
  const [readVersion, setReadVersion] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  /** A refused order, kept above the button until the borrower retries, changes the choice or closes it. */
  const [refused, setRefused] = useState<{ message: string; range: string | null } | null>(null);
  const agreement = useLoanAgreement(params, sheetOpen || readVersion !== null);
  const order = useCreateLoanOrder();
  const confirmWithPin = useConfirmWithPin();
  /** From the tap until the order's answer, the PIN sheet's time included: one order per tap. */
  const [sending, setSending] = useState(false);

  const closeSheet = () => {
    setSheetOpen(false);
    if (agreement.data) setReadVersion(agreement.data.version);
  };

  const submit = async () => {
    if (!readVersion || !accepted || sending) return;
    setRefused(null);
    setSending(true);
    try {
      // With the payment PIN once the borrower has set one (a sheet asks for it).
      const made = await confirmWithPin((pin) =>
        order.mutateAsync({
          pid: params.pid,
          money: String(params.money),
          period: params.period,
          purpose_id: String(params.purpose_id),
          agreement_version: readVersion,
          agree: '1',
          order_token: orderTokenFor(params),
          pay_pin: pin,
        }),
      );
      forgetOrderToken(params);
      forgetBorrowChoice();
      track('H5_submit_loan_application');
      void navigate(paths.loanSuccess.href({ order_id: made.order_id }), { replace: true });
    } catch (e) {
      // Not a toast: why, and what the borrower may ask for instead, stay above the button.
      if (e instanceof ApiError && e.kind === 'server')
        setRefused({ message: e.message, range: allowedRangeText(e, t) });
      if (e instanceof ApiError && e.code === AGREEMENT_OUTDATED) {
        setReadVersion(null);
        setAccepted(false);
        void agreement.refetch();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="kk-card" aria-labelledby="plan-agree-title">
      <h2 className="kk-loan__title" id="plan-agree-title">
        {t('loan.plan.agreeTitle')}
      </h2>
      <button
        type="button"
        className="kk-btn kk-btn--ghost kk-btn--block"
        data-testid="open-agreement"
        aria-haspopup="dialog"
        onClick={() => setSheetOpen(true)}
      >
        {readVersion ? <Icon name="check" /> : null} {t('loan.plan.readAgreement')}
      </button>
      <div className="kk-consent kk-loan__consent">
        <label className="kk-consent__label">
          <input
            type="checkbox"
            className="kk-consent__box"
            data-testid="agree"
            checked={accepted}
            disabled={!readVersion}
            aria-describedby={readVersion ? undefined : hintId}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <span>{t('loan.plan.agree')}</span>
        </label>
        {readVersion ? null : (
          <p className="kk-small kk-muted" id={hintId} data-testid="agree-hint">
            {t('loan.plan.agreeHint')}
          </p>
        )}
      </div>
      <ErrorBanner
        message={
          refused ? (
            <>
              {refused.message}
              {refused.range ? (
                <span className="kk-loan__refused-range" data-testid="plan-allowed-range">
                  {refused.range}
                </span>
              ) : null}
            </>
          ) : null
        }
        onDismiss={() => setRefused(null)}
        testId="order-error"
      />
      <button
        type="button"
        className="kk-btn kk-btn--primary kk-btn--block"
        data-testid="submit-loan"
        disabled={!readVersion || !accepted || sending}
        onClick={() => void submit()}
      >
        {t('loan.plan.submit')}
      </button>
      <LoadingOverlay visible={order.isPending} label={t('common.loading')} />
      <AgreementSheet
        visible={sheetOpen}
        onClose={closeSheet}
        params={params}
        agreement={agreement.data}
        loading={agreement.isFetching}
        failed={agreement.isError}
        onRetry={() => void agreement.refetch()}
      />
    </section>
  );
}
