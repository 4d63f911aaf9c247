import { createContext, useContext } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { isLazyPage } from '../lib/lazy-chunk.ts';
import type { RoutePrefetch } from './route-data.ts';
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
  /** Starts the page's first data request beside its chunk (route-data.ts). */
  data?: RoutePrefetch;
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'title' in value;
}

/** The handle of routes that only redirect (/, /login, /loan, ...): the guard leaves them to their target. */
export const REDIRECT_HANDLE = { redirect: true } as const;

/** What the app knows about the matched leaf route (computed once per location in app.tsx). */
export type LeafRoute = { handle: RouteHandle | undefined; redirect: boolean };

const cutTables = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();
const firstSegment = (path: string) => path.replace(/^\//, '').split('/')[0]!.toLowerCase();
/** The first segment a route's path must start with; '' for index, layout and `/` routes and a dynamic start. */
const fixedSegment = ({ path }: RouteObject) =>
  path && path !== '/' && !/^[:*]|\?$/.test(firstSegment(path)) ? firstSegment(path) : '';

/**
 * The part of `routes` that can match `pathname`: the children of its `/` route whose path starts with the path's
 * first segment, a dynamic one (`:x`, `*`, optional) or none (index and layout routes); deeper levels whole. matchRoutes
 * flattens, ranks and compiles a pattern for every branch of the table it is given, on every call: on the whole table
 * that was a first render's longest piece of script (two calls, 27 ms here, 110 ms on the phone Lighthouse simulates).
 * Matching stays react-router's (case-insensitive, on the decoded path); router.test.ts checks that every path matches
 * the same routes in the cut table as in the whole one. Kept per segment (a few dozen at most), so a page's table is
 * the same array each time.
 */
export function routesFor(routes: RouteObject[], pathname: string): RouteObject[] {
  let segment = firstSegment(pathname);
  try {
    segment = decodeURIComponent(segment);
  } catch {
    // Not decodable: react-router matches it as it is.
  }
  const cut = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((r) =>
      r.path === '/' && r.children
        ? [{ ...r, children: cut(r.children) }]
        : ['', segment].includes(fixedSegment(r))
          ? [r]
          : [],
    );
  let tables = cutTables.get(routes);
  if (!tables || tables.size > 40) cutTables.set(routes, (tables = new Map()));
  let table = tables.get(segment);
  if (!table) tables.set(segment, (table = cut(routes)));
  return table;
}

/**
 * The leaf route of `pathname` in `routes`. With `preload`, also starts fetching every matched page's chunk at
 * once (e.g. the home shell and /home/unaudited together), not one after the other, and hands each matched route's
 * data prefetch to `preload` (route-data.ts) in the same task.
 */
export function leafRoute(
  routes: RouteObject[],
  pathname: string,
  preload?: (data: RoutePrefetch) => void,
): LeafRoute {
  const matches = matchRoutes(routesFor(routes, pathname), pathname) ?? [];
  if (preload)
    for (const m of matches) {
      if (isLazyPage(m.route.Component)) void m.route.Component.preload().catch(() => undefined);
      const data = isRouteHandle(m.route.handle) ? m.route.handle.data : undefined;
      if (data) preload(data);
    }
  const handles = matches.map((m) => m.route.handle as unknown);
  return { handle: handles.filter(isRouteHandle).at(-1), redirect: handles.at(-1) === REDIRECT_HANDLE };
}

let routeTable: RouteObject[] = [];

/** The app gives its route table once, so pages can start loading where they are about to send the borrower. */
export function setRouteTable(routes: RouteObject[]): void {
  routeTable = routes;
}

/**
 * Starts fetching the chunks of every page `path` will show (e.g. the home shell and /home/unaudited together); their
 * data waits for the navigation, which may not come.
 */
export function preloadPath(path: string): void {
  leafRoute(routeTable, new URL(path, 'http://x').pathname, () => undefined);
}

export const LeafRouteContext = createContext<LeafRoute>({ handle: undefined, redirect: false });

/** The deepest matched route's handle and whether it only redirects. */
export function useLeafRoute(): LeafRoute {
  return useContext(LeafRouteContext);
}
