import { createContext, useContext } from 'react';
import type { enUS } from '../lib/locales/en-US.ts';

type TitleKey = `title.${keyof typeof enUS.title}`;

/** What each route declares statically (so the guard and title work before its lazy chunk arrives). */
export type RouteHandle = {
  name: string;
  title: TitleKey;
  /** The spec's auth flag: reachable without a token. */
  auth?: boolean;
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

export const LeafRouteContext = createContext<LeafRoute>({ handle: undefined, redirect: false });

/** The deepest matched route's handle and whether it only redirects. */
export function useLeafRoute(): LeafRoute {
  return useContext(LeafRouteContext);
}
