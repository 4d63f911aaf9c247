import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { commerceKeys } from '../../../lib/query-keys.ts';

// A shop's buyer opens the checkout first: the calls' schemas (zod) load alongside the request, not before the paint.
const contract = () => import('@kaskita/domain/contract/commerce').then((m) => m.commerceCalls);
const calls = {
  getCommerceOrder: lazyCall('getCommerceOrder', contract),
  getCommerceOrderFree: lazyCall('getCommerceOrderFree', contract),
  getCommerceProducts: lazyCall('getCommerceProducts', contract),
  getCommerceProductsFree: lazyCall('getCommerceProductsFree', contract),
  getRepayPreview: lazyCall('getRepayPreview', contract),
  getRepayPreviewFree: lazyCall('getRepayPreviewFree', contract),
};

/**
 * The checkout's three reads (spec section 7), each in its signed-in form or, for a visitor, its `_free` variant
 * (the free-interest offer: the cheapest the purchase can be, asking nothing about the person). A lost session on a
 * signed-in call goes to /third/pay/sign-in with the query kept (`commerce`). Refusals are the page's to say, where
 * they stay: nothing is toasted.
 */
const quiet = { toast: false, commerce: true } as const;

export function checkoutOrderQuery(signKey: string, signedIn: boolean) {
  return queryOptions({
    queryKey: [...commerceKeys.order, signKey, signedIn],
    queryFn: ({ signal }) =>
      callApi(
        signedIn ? calls.getCommerceOrder : calls.getCommerceOrderFree,
        { sign_key: signKey },
        { ...quiet, signal },
      ),
  });
}

export function checkoutPlansQuery(signKey: string, signedIn: boolean) {
  return queryOptions({
    queryKey: [...commerceKeys.plans, signKey, signedIn],
    queryFn: ({ signal }) =>
      callApi(
        signedIn ? calls.getCommerceProducts : calls.getCommerceProductsFree,
        { sign_key: signKey },
        { ...quiet, signal },
      ),
  });
}

/** The full schedule of the order's amount on a plan, after a coupon (spec: repay_preview, cached). */
export function repayPreviewQuery(
  input: { amount: number; pid: string; coupon_id?: string | undefined },
  signedIn: boolean,
) {
  return queryOptions({
    queryKey: [...commerceKeys.preview, input.pid, input.amount, input.coupon_id ?? '', signedIn],
    queryFn: ({ signal }) =>
      callApi(signedIn ? calls.getRepayPreview : calls.getRepayPreviewFree, input, {
        ...quiet,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export const useCheckoutOrder = (signKey: string, signedIn: boolean) =>
  useQuery(checkoutOrderQuery(signKey, signedIn));

export const useCheckoutPlans = (signKey: string, signedIn: boolean) =>
  useQuery(checkoutPlansQuery(signKey, signedIn));

/** Keeps the last schedule on screen while another plan or coupon is priced, so the page does not jump. */
export const useRepayPreview = (
  input: { amount: number; pid: string; coupon_id?: string | undefined } | null,
  signedIn: boolean,
) =>
  useQuery({
    ...repayPreviewQuery(input ?? { amount: 0, pid: '' }, signedIn),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
