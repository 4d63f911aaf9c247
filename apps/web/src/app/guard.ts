import { loginHref, paths, queryReturningTo, type RouteName } from '../config/paths.ts';

/** Routes open without a token (spec section 2), besides routes with the auth flag. */
export const OPEN_ROUTE_NAMES: readonly string[] = [
  paths.login.name,
  'register',
  paths.landing.name,
  paths.landingPlatform.name,
  paths.home.name,
  paths.homeUnaudited.name,
  paths.me.name,
];

export type GuardInput = {
  hasToken: boolean;
  /** Name of the matched (deepest) route. */
  routeName: RouteName | string | undefined;
  /** The route's auth flag: reachable without a token. */
  authFlag: boolean;
  /** Stored channel `cl`. */
  channel: string | null;
  /** The current query string (with or without '?'), kept on the redirect. */
  search: string;
  /** A checkout page (/third/pay/*, deal-*): a visitor signs in on the checkout's own sign-in page (spec section 8). */
  commerce?: boolean;
  /** The current path: when given, the login query also names it (with its query) to continue there after sign-in. */
  pathname?: string;
};

export type GuardDecision = { pass: true } | { pass: false; redirectTo: string };

/**
 * Spec section 2, access guard: pass with a stored token, on an open route, or on a route with the auth flag;
 * otherwise to the login route keeping the query, or to OppoAuthLogin on the oppo channel. The login query also
 * carries `redirect` (the page and its query), where the sign-in continues.
 */
export function guardDecision(input: GuardInput): GuardDecision {
  if (input.hasToken || input.authFlag) return { pass: true };
  if (input.routeName && OPEN_ROUTE_NAMES.includes(input.routeName)) return { pass: true };
  // The checkout's pages carry the sign_key in their query; its sign-in page returns to the order with it.
  if (input.commerce) return { pass: false, redirectTo: paths.thirdPaySignIn.href(input.search) };
  const query = input.pathname
    ? queryReturningTo(input.pathname, input.search)
    : new URLSearchParams(input.search);
  return { pass: false, redirectTo: loginHref(input.channel, query) };
}
