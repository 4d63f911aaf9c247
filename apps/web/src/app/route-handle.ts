import { createContext, useContext } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { isLazyPage } from './lazy-route.ts';
import type { enUS } from '../lib/locales/en-US.ts';

type TitleKey = `title.${keyof typeof enUS.title}`;

/** What each route declares statically (so the guard and title work before its lazy chunk arrives). */
export type RouteHandle = {
  name: string;
  title: TitleKey;
  /** The spec's auth flag: reachable without a token. */
  auth?: boolean;
  /** A checkout page: a visitor is sent to /third/pay/sign-in with the query, not to the login page. */
  commerce?: boolean;
  /** The page title comes from the `title` query value when present (borrowing-plan, loan-await, iframe). */
  titleFromQuery?: boolean;
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'title' in value;
}

/** The handle of routes that only redirect (/, /login, /loan, ...): the guard leaves them to their target. */
export const REDIRECT_HANDLE = { redirect: true } as const;

/** What the app knows about the matched leaf route (computed once per location in app.tsx). */
export type LeafRoute = { handle: RouteHandle | undefined; redirect: boolean };

/**
 * The leaf route of `pathname` in `routes`. With `preload`, also starts fetching every matched page's chunk at
 * once (e.g. the home shell and /home/unaudited together), not one after the other.
 */
export function leafRoute(routes: RouteObject[], pathname: string, preload = false): LeafRoute {
  const matches = matchRoutes(routes, pathname) ?? [];
  if (preload)
    for (const m of matches)
      if (isLazyPage(m.route.Component)) void m.route.Component.preload().catch(() => undefined);
  const handles = matches.map((m) => m.route.handle as unknown);
  return { handle: handles.filter(isRouteHandle).at(-1), redirect: handles.at(-1) === REDIRECT_HANDLE };
}

let routeTable: RouteObject[] = [];

/** The app gives its route table once, so pages can start loading where they are about to send the borrower. */
export function setRouteTable(routes: RouteObject[]): void {
  routeTable = routes;
}

/** Starts fetching the chunks of every page `path` will show (e.g. the home shell and /home/unaudited together). */
export function preloadPath(path: string): void {
  leafRoute(routeTable, new URL(path, 'http://x').pathname, true);
}

export const LeafRouteContext = createContext<LeafRoute>({ handle: undefined, redirect: false });

/** The deepest matched route's handle and whether it only redirects. */
export function useLeafRoute(): LeafRoute {
  return useContext(LeafRouteContext);
}
