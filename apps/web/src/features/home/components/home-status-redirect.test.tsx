import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { json, mount, settle } from '../../../test/dom.tsx';
import { HomeStatusRedirect } from './home-status-redirect.tsx';

// react-router at the repo root binds to the root's React 18; the page only needs navigate and the query.
const routerNavigate = vi.fn();
vi.mock('react-router', () => ({ useNavigate: () => routerNavigate, useLocation: () => ({ search: '' }) }));

let cleanup: (() => void) | null = null;
const apiNavigate = vi.fn();
beforeEach(() => {
  localStorage.clear();
  routerNavigate.mockReset();
  apiNavigate.mockReset();
  configureApi({ navigate: apiNavigate, error: vi.fn(), warning: vi.fn() });
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  vi.unstubAllGlobals();
});

describe('HomeStatusRedirect', () => {
  it('signed out: the unaudited home page', async () => {
    const m = mount(<HomeStatusRedirect />);
    cleanup = m.unmount;
    await settle();
    expect(routerNavigate).toHaveBeenCalledWith('/home/unaudited', expect.anything());
  });

  it('a lost session (4047) is left to the api client going to login, not overridden by a home page', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'stale');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ code: 4047, msg: 'lost', data: null })));
    const m = mount(<HomeStatusRedirect />);
    cleanup = m.unmount;
    await settle();
    await settle();
    expect(apiNavigate).toHaveBeenCalledWith('/login/main');
    expect(routerNavigate).not.toHaveBeenCalled();
  });
});
