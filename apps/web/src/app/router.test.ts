import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { homePageFor } from '@kaskita/domain/routing/home-page';
import { SIGNED_OUT_HOME_PAGE } from './routes/home-index-page.tsx';
import { isLazyPage } from '../lib/lazy-chunk.ts';
import { leafRoute, routesFor } from './route-handle.ts';
import { routes } from './router.tsx';

const leaf = (path: string) => leafRoute(routes, path);

describe('route table', () => {
  it.each(['/', '/login', '/loan', '/user-face', '/third/referral'])('%s only redirects', (path) => {
    expect(leaf(path).redirect).toBe(true);
  });

  it.each([
    ['/home/unaudited', 'title.unaudited', undefined],
    ['/home/auditing', 'title.auditing', undefined],
    ['/index', 'title.index', true],
    ['/landing-page', 'title.landing', undefined],
    ['/landing-page/doku', 'title.landingPartner', undefined],
    ['/me/loan-detail/3', 'title.loanDetail', undefined],
    // Onboarding needs a session: /user-into itself resumes at the next step (a page, not a fixed redirect).
    ['/user-into', 'title.userInto', undefined],
    ['/user-into/ktp', 'title.ktp', undefined],
    ['/user-into/contacts', 'title.contacts', undefined],
    ['/home/add-bank', 'title.addBank', undefined],
    ['/home/loan-product', 'title.loanProduct', undefined],
    ['/home/borrowing-plan', 'title.borrowingPlan', undefined],
    ['/home/loaning', 'title.loaning', undefined],
    ['/home/pay-back', 'title.payBack', undefined],
    // Relief needs a session (no auth flag).
    ['/home/relief', 'title.relief', undefined],
    ['/loan/loan-success', 'title.loanSuccess', undefined],
    ['/me/bank-card', 'title.bankCard', undefined],
    ['/me/bank-card-add/1', 'title.bankCardAdd', undefined],
    // Any other :sms is sent to /me/bank-card-add/1 by the page itself (a page, so the guard still applies).
    ['/me/bank-card-add/0', 'title.bankCardAdd', undefined],
    ['/no/such/page', 'title.notFound', true],
  ])('%s: leaf title %s, auth flag %s', (path, title, auth) => {
    const l = leaf(path);
    expect(l.redirect).toBe(false);
    expect(l.handle?.title).toBe(title);
    expect(l.handle?.auth).toBe(auth);
  });

  it('every path matches the same routes in the table cut for it as in the whole table', () => {
    // Every declared path with its parameters filled, each in another case and percent-encoded, and paths no route
    // names: the cut (routesFor) keeps what react-router would have matched.
    const declared: string[] = [];
    const walk = (list: RouteObject[], base: string) =>
      list.forEach((r) => {
        const path = r.path === undefined ? base : `${base}/${r.path}`.replace(/\/+/g, '/');
        declared.push(path.replace(/:\w+/g, '7').replace(/\*$/, 'x/y') || '/');
        if (r.children) walk(r.children, path);
      });
    walk(routes, '');
    const paths = [
      ...declared,
      ...declared.map((p) => p.toUpperCase()),
      ...declared.map((p) => p.replace(/-/g, '%2D')),
      '',
      '/',
      '//login/main',
      '/login/main/',
      '/no/such/page',
      '/%E0%A4%A',
      '/landing-page/doku',
      '/landing-page/unknown',
    ];
    expect(declared.length).toBeGreaterThan(60);
    const ids = (table: RouteObject[], path: string) =>
      (matchRoutes(table, path) ?? []).map((m) => [m.pathname, m.route.path, m.route.index, m.route.handle]);
    for (const path of paths) expect(ids(routesFor(routes, path), path), path).toEqual(ids(routes, path));
    // And it is a cut: the landing page's table holds a few routes, not the whole table's.
    expect(routesFor(routes, '/landing-page')[0]!.children!.length).toBeLessThan(8);
    expect(routesFor(routes, '/landing-page')).toBe(routesFor(routes, '/LANDING-PAGE/doku'));
  });

  it('the first-paint pages are lazy chunks', () => {
    for (const path of ['/home/unaudited', '/landing-page']) {
      const lazy = (matchRoutes(routes, path) ?? []).filter((m) => isLazyPage(m.route.Component));
      expect(lazy.length, path).toBeGreaterThan(0);
    }
  });

  it.each([
    ['/bill', 'title.bill'],
    ['/home/pay-back', 'title.payBack'],
    ['/home/pay-back-detail', 'title.payBackDetail'],
    ['/home/pay-back-methods', 'title.payBackMethods'],
    ['/activity/flexible-repayment', 'title.flexibleRepayment'],
    ['/activity/flexible-repayment-introduce', 'title.flexibleRepaymentIntroduce'],
    ['/me/repayment-history', 'title.repaymentHistory'],
    ['/me/loan-history', 'title.loanHistory'],
    ['/me/loan-detail/overdue', 'title.loanDetail'],
    ['/me/loan-failed', 'title.loanFailed'],
    ['/me/loan-await', 'title.loanAwait'],
  ])('%s is a repayment page (lazy, not coming soon), titled %s, needing a session', (path, title) => {
    const page = (p: string) => matchRoutes(routes, p)!.at(-1)!.route.Component;
    const l = leaf(path);
    expect(l.handle?.title).toBe(title);
    expect(l.handle?.auth).toBeUndefined();
    expect(isLazyPage(page(path))).toBe(true);
    expect(page(path)).not.toBe(page('/discover'));
  });

  it.each([
    '/home/whatsapp',
    '/home/add-bank',
    '/home/pay-back-detail',
    '/home/pay-back-methods',
    '/home/relief',
  ])('%s is framed as a profile step is (its top bar and the page), not inside the home frame', (path) => {
    // The layouts around a page: the root's, and for home's own pages the home frame (licence banner, store links).
    const frames = (p: string) =>
      (matchRoutes(routes, p) ?? [])
        .slice(0, -1)
        .map((m) => m.route.Component)
        .filter(Boolean);
    const homeFrame = frames('/home/pay-back').at(-1);
    expect(frames('/home/loaning')).toContain(homeFrame);
    expect(frames(path)).not.toContain(homeFrame);
    expect(frames(path)).toEqual(frames('/user-into/ktp'));
  });

  it('each repayment page is found in its chunk by its route name', async () => {
    const pages = await import('./routes/repayment-pages.tsx');
    for (const path of ['/bill', '/home/pay-back', '/me/loan-await', '/activity/flexible-repayment']) {
      const name = leaf(path).handle!.name as keyof typeof pages;
      expect(typeof pages[name], path).toBe('function');
    }
  });

  it('/me/bank-card-add/:sms is a lazy page', () => {
    const add = matchRoutes(routes, '/me/bank-card-add/1')!.at(-1)!.route.Component;
    expect(isLazyPage(add)).toBe(true);
  });

  it('every route of the table shows a screen of its own: no placeholder is left (issue 26)', async () => {
    const leaves: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((r) => (r.children ? walk(r.children) : leaves.push(r)));
    walk(routes);
    // Several routes may share a page module (a chunk exporting a few pages), never one component for many pages
    // that are not the same page, as the old coming-soon placeholder was for twenty.
    const byComponent = new Map<unknown, string[]>();
    for (const r of leaves) {
      if (r.element) continue; // redirects keeping the query
      expect(r.Component, `${r.path ?? '(index)'} has no page`).toBeDefined();
      if (isLazyPage(r.Component)) {
        const loaded = (await r.Component.preload()) as { default: unknown };
        expect(typeof loaded.default, `${r.path ?? '(index)'} loads no component`).toBe('function');
      }
      const paths = byComponent.get(r.Component) ?? [];
      byComponent.set(r.Component, [...paths, r.path ?? '(index)']);
    }
    const shared = [...byComponent.values()].filter((paths) => paths.length > 1).map((p) => p.join(', '));
    // Only the not-found page serves two routes (/404 and '*').
    expect(shared).toEqual(['404, *']);
  }, 60_000);

  it('the signed-out home page written out for the entry chunk is homePageFor(null)', () => {
    expect(homePageFor(null)).toMatchObject({ page: SIGNED_OUT_HOME_PAGE, modal: null });
  });
});
