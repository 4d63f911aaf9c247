import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { rupiah } from '@kaskita/domain/money/rupiah';
import type { LoanProducts, PurposeView } from '@kaskita/domain/contract/loans';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { ChoiceButtons } from '../../../components/choice-buttons.tsx';
import { Icon } from '../../../components/icon.tsx';
import { paths } from '../../../config/paths.ts';
import { useLocale, useT, type TKeyOf } from '../../../lib/i18n.ts';
import { useLoanProducts } from '../api/get-loan-products.ts';
import { usePurposes } from '../api/get-purposes.ts';
import { isOffered, snapAmount } from '../amount-range.ts';
import { storeBorrowChoice, storedBorrowChoice } from '../borrow-choice-store.ts';
import { fitChoice, offersFrom, tenorOf, type Offer } from '../tenor-offers.ts';
import { AmountEstimate } from './amount-estimate.tsx';
import { planParamsFrom, planQuery } from '../plan-params.ts';
import { AmountPicker } from './amount-picker.tsx';
import { findPurpose, PurposePicker } from './purpose-picker.tsx';
import { QueryFailed } from './query-failed.tsx';
import { loansTexts } from '../loans-texts.ts';
import './loans.css';

type CannotBorrowReason = NonNullable<LoanProducts['reason']> | 'no_product' | 'unaffordable';

const REASON_KEYS: Record<CannotBorrowReason, TKeyOf<typeof loansTexts>> = {
  not_approved: 'loan.form.reason.not_approved',
  open_loan: 'loan.form.reason.open_loan',
  no_limit: 'loan.form.reason.no_limit',
  no_product: 'loan.form.reason.no_product',
  unaffordable: 'loan.form.reason.unaffordable',
};

/**
 * The borrowing form under the limit on /home/loan-product (GET /v1/loan_products, GET /v2/get_purpose): the amount,
 * the tenor and the purpose, the price in words, then "See my plan". Why not, in plain words, when the borrower may
 * not borrow now.
 */
export function BorrowForm() {
  const t = useT(loansTexts);
  const products = useLoanProducts();
  const purposes = usePurposes();
  if (products.isError || purposes.isError)
    return (
      <QueryFailed
        onRetry={() => {
          if (products.isError) void products.refetch();
          if (purposes.isError) void purposes.refetch();
        }}
      />
    );
  if (!products.data || !purposes.data)
    return (
      <p className="kk-muted" aria-busy="true" data-testid="borrow-loading">
        {t('common.loading')}
      </p>
    );
  const answer = products.data;
  if (!answer.can_borrow) return <CannotBorrow reason={answer.reason ?? 'no_limit'} />;
  const offers = offersFrom(answer.list);
  if (offers.length === 0)
    return (
      <CannotBorrow
        reason={
          // The limit reaches a product's minimum, yet no tenor is allowed: the income is what holds it back.
          answer.list.some((p) => p.max_amount >= p.min_amount && p.tenors.length > 0)
            ? 'unaffordable'
            : 'no_product'
        }
      />
    );
  return <BorrowChoices offers={offers} purposes={purposes.data.list} />;
}

function CannotBorrow({ reason }: { reason: CannotBorrowReason }) {
  const t = useT(loansTexts);
  return (
    <section className="kk-card kk-loan__cannot" data-testid="borrow-cannot" data-reason={reason}>
      <h2 className="kk-loan__title">
        <Icon name={reason === 'open_loan' ? 'clock' : 'warning'} /> {t('loan.form.cannotTitle')}
      </h2>
      <p>{t(REASON_KEYS[reason])}</p>
      {reason === 'open_loan' ? (
        <Link
          className="kk-btn kk-btn--ghost kk-btn--block"
          to={paths.home.path}
          data-testid="borrow-open-loan"
        >
          {t('loan.form.seeLoan')}
        </Link>
      ) : null}
    </section>
  );
}

/**
 * The first choice: what the page's own query names (coming back from the plan), else what the form held before a
 * reload (session storage), each part kept only while still offered.
 */
function initialChoice(offers: readonly Offer[], purposes: readonly PurposeView[], search: URLSearchParams) {
  const asked = planParamsFrom(search);
  const kept = asked ? null : storedBorrowChoice();
  const offer =
    offers.find((o) => o.product.pid === (asked?.pid ?? search.get('pid') ?? kept?.pid)) ?? offers[0]!;
  const tenor = tenorOf(offer, search.get('period') ?? kept?.period);
  // A link asking more than this tenor allows (a stale plan, a limit since lowered) starts at the largest allowed; a
  // kept amount no longer offered starts over at the minimum.
  const money = asked
    ? snapAmount(asked.money, tenor.range)
    : kept && isOffered(kept.money, tenor.range)
      ? rupiah(kept.money)
      : tenor.range.min;
  const purpose = findPurpose(purposes, asked?.purpose_id ?? kept?.purpose ?? null)?.child.id ?? null;
  return { pid: offer.product.pid, money, asked: asked?.money ?? money, period: tenor.period, purpose };
}

function BorrowChoices({ offers, purposes }: { offers: readonly Offer[]; purposes: readonly PurposeView[] }) {
  const t = useT(loansTexts);
  const locale = useLocale();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [choice, setChoice] = useState(() => initialChoice(offers, purposes, search));
  const [purposeError, setPurposeError] = useState<string | null>(null);
  const offer = offers.find((o) => o.product.pid === choice.pid) ?? offers[0]!;
  const { product } = offer;
  const tenor = tenorOf(offer, choice.period);
  const { range } = tenor;
  const { pid, money, period, purpose } = choice;
  // What was asked beyond a tenor's maximum is the page's own; the choice itself survives a reload. Once the page's
  // query has been read it gives way to the kept choice: a reload after an edit must not bring back the link's amount.
  useEffect(() => storeBorrowChoice({ pid, money, period, purpose }), [pid, money, period, purpose]);
  const [arrivedWithQuery] = useState(() => planParamsFrom(search) !== null);
  useEffect(() => {
    if (arrivedWithQuery) void navigate(paths.homeLoanProduct.path, { replace: true });
  }, [arrivedWithQuery, navigate]);

  const choose = (pid: string) => {
    const next = offers.find((o) => o.product.pid === pid);
    if (!next) return;
    setChoice((c) => ({ ...c, pid, ...fitChoice(next, c.period, c.asked) }));
  };

  const seePlan = () => {
    if (choice.purpose === null) {
      setPurposeError('loan.purpose_required');
      return;
    }
    const query = planQuery({
      pid: product.pid,
      money: choice.money,
      period: tenor.period,
      purpose_id: choice.purpose,
    });
    // The choice stays in this page's address, so "back" from the plan finds it as it was.
    void navigate(paths.homeLoanProduct.href(query), { replace: true });
    void navigate(paths.homeBorrowingPlan.href(query));
  };

  return (
    <form
      className="kk-card kk-loan__form"
      noValidate
      aria-labelledby="borrow-title"
      data-testid="borrow-form"
      onSubmit={(e) => {
        e.preventDefault();
        seePlan();
      }}
    >
      <h2 className="kk-loan__title" id="borrow-title">
        {t('loan.form.title')}
      </h2>
      {offers.length > 1 ? (
        <ChoiceButtons
          label={t('loan.form.product')}
          options={offers.map((o) => ({ value: o.product.pid, label: o.product.name }))}
          value={product.pid}
          onChange={choose}
          testId="loan-product"
        />
      ) : null}
      <AmountPicker
        range={range}
        value={choice.money}
        onChange={(money, asked) => setChoice((c) => ({ ...c, money, asked }))}
      />
      <div className="kk-loan__tenors">
        <ChoiceButtons
          label={t('loan.form.tenor')}
          options={offer.tenors.map((tn) => ({ value: tn.period, label: tn.label }))}
          value={tenor.period}
          // A tenor whose maximum is lower brings a larger amount down to it, one that allows more brings it back up
          // to what the borrower asked for: only accepted pairs are ever chosen.
          onChange={(period) => setChoice((c) => ({ ...c, ...fitChoice(offer, period, c.asked) }))}
          testId="loan-tenor"
        />
      </div>
      <AmountEstimate pid={product.pid} money={choice.money} period={tenor.period} tenor={tenor} />
      <PurposePicker
        purposes={purposes}
        value={choice.purpose}
        onChange={(purpose) => {
          setChoice((c) => ({ ...c, purpose }));
          setPurposeError(null);
        }}
        error={purposeError ? validationMessage(purposeError, locale) : null}
      />
      <p className="kk-small kk-muted" data-testid="loan-price">
        {product.price_text}
      </p>
      <button type="submit" className="kk-btn kk-btn--primary kk-btn--block" data-testid="see-plan">
        {t('loan.form.seePlan')}
      </button>
    </form>
  );
}
