/**
 * The checkout's place in the address: the merchant's `sign_key` and what the buyer chose (a plan, a coupon). Every
 * /third/pay page carries the same query, so signing in, setting the PIN or a reload (Android ends a page in the
 * background) comes back to the same choice; no personal data is in it.
 */
export type CheckoutChoice = {
  sign_key: string;
  product_id?: string | undefined;
  coupon_id?: string | undefined;
};

export const CHECKOUT_PARAMS = {
  signKey: 'sign_key',
  productId: 'product_id',
  couponId: 'coupon_id',
} as const;

/** The choice in a query; null without a sign_key (a bookmark of /third/pay/order alone). */
export function checkoutChoice(query: URLSearchParams): CheckoutChoice | null {
  const signKey = query.get(CHECKOUT_PARAMS.signKey)?.trim();
  if (!signKey) return null;
  return {
    sign_key: signKey,
    product_id: query.get(CHECKOUT_PARAMS.productId)?.trim() || undefined,
    coupon_id: query.get(CHECKOUT_PARAMS.couponId)?.trim() || undefined,
  };
}

/** The query of a choice, blanks dropped. */
export function checkoutQuery(choice: CheckoutChoice): Record<string, string | undefined> {
  return { sign_key: choice.sign_key, product_id: choice.product_id, coupon_id: choice.coupon_id };
}
