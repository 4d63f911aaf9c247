import type { LoanProducts } from '@kaskita/domain/contract/loans';
import { minRupiah } from '@kaskita/domain/money/rupiah';
import { amountRange, snapAmount, type AmountRange } from './amount-range.ts';

type Product = LoanProducts['list'][number];

/** A tenor the borrower may take, with the amounts offered on it (its max_amount: the limit and the income's rule). */
export type TenorOffer = { period: string; label: string; range: AmountRange };
/** A product with only the tenors on which some amount is offered. */
export type Offer = { product: Product; tenors: readonly TenorOffer[] };

/**
 * What the form offers: per product, the tenors on which at least the minimum is allowed, each with its own amounts.
 * The server refuses any other amount on that tenor (4293, 4295, 4300), so only these may be picked.
 */
export function offersFrom(list: readonly Product[]): Offer[] {
  return list.flatMap((product) => {
    const tenors = product.tenors.flatMap((tenor) => {
      const range = amountRange({
        min_amount: product.min_amount,
        max_amount: minRupiah(product.max_amount, tenor.max_amount),
        step: product.step,
      });
      return range ? [{ period: tenor.period, label: tenor.label, range }] : [];
    });
    return tenors.length > 0 ? [{ product, tenors }] : [];
  });
}

/** The tenor named `period` when still offered, else the offer's first. */
export function tenorOf(offer: Offer, period: string | null | undefined): TenorOffer {
  return offer.tenors.find((tn) => tn.period === period) ?? offer.tenors[0]!;
}

/**
 * The choice moved onto `period` of `offer` (its first tenor when that one is not offered): the amount kept when
 * offered there, else brought to the nearest amount offered (a tenor's maximum lowers a larger amount to it).
 */
export function fitChoice(offer: Offer, period: string | null | undefined, money: number) {
  const tenor = tenorOf(offer, period);
  return { period: tenor.period, money: snapAmount(money, tenor.range) };
}
