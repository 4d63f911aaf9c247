import type { CommercePlan } from '@kaskita/domain/contract/commerce';
import { formatRupiah } from '@kaskita/domain/money/rupiah';
import { useT } from '../../../lib/i18n.ts';
import { checkoutTexts } from '../checkout-texts.ts';

type Props = {
  plans: readonly CommercePlan[];
  value: string;
  onChange: (pid: string) => void;
};

/**
 * The pay-later plans of the order, one tap each: what is paid first and in total are on the option itself, so plans
 * are compared by their cost, not by their name.
 */
export function PlanChoice({ plans, value, onChange }: Props) {
  const t = useT(checkoutTexts);
  return (
    <section className="kk-card" aria-labelledby="checkout-plans">
      <h2 className="kk-checkout__title" id="checkout-plans">
        {t('pay.plans')}
      </h2>
      <div className="kk-checkout__options" role="radiogroup" aria-labelledby="checkout-plans">
        {plans.map((plan) => (
          <button
            key={plan.pid}
            type="button"
            role="radio"
            aria-checked={plan.pid === value}
            className="kk-checkout__option"
            data-testid={`checkout-plan-${plan.pid}`}
            onClick={() => onChange(plan.pid)}
          >
            <span className="kk-checkout__option-name">
              {plan.instalments > 1 ? t('pay.planEvery', { count: plan.instalments }) : t('pay.planOnce')}
              {plan.free_interest ? (
                <span className="kk-checkout__badge">{t('pay.freeInterest')}</span>
              ) : null}
            </span>
            <span className="kk-small kk-muted">
              {plan.instalments > 1
                ? `${t('pay.planFirst', { amount: formatRupiah(plan.first_instalment) })} · `
                : ''}
              {t('pay.planTotal', { amount: formatRupiah(plan.total) })}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
