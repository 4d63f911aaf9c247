import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';
import type { BridgeAnswers } from '../embedded-bridge.ts';
import { EmbeddedPageView } from './embedded-page-view.tsx';

const HOSTS = ['promo.kaskita.co.id'];
const ORIGIN = 'https://promo.kaskita.co.id';

function answers() {
  return {
    getToken: (): string | null => 'token-of-the-borrower',
    getAid: () => 'device-1',
    getDfp: () => '0123456789abcdef',
    appFinish: vi.fn<() => void>(),
  } satisfies BridgeAnswers;
}

function show(url: string | null, bridge = answers()) {
  const view = renderApp(<EmbeddedPageView url={url} allowedHosts={HOSTS} answers={bridge} title="Promo" />);
  return { ...view, bridge };
}

/** The loaded frame's window, with its postMessage watched. */
function framed() {
  const frame = screen.getByTestId('embedded-frame') as HTMLIFrameElement;
  const win = frame.contentWindow!;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => undefined);
  return { frame, win, posted };
}

function message(data: unknown, origin: string, source: Window | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('the embedded lender page', () => {
  it('loads an https page of an allowed host, sandboxed, without a referrer', () => {
    show(`${ORIGIN}/promo/ramadan?ref=app`);
    const { frame } = framed();
    expect(frame.getAttribute('src')).toBe(`${ORIGIN}/promo/ramadan?ref=app`);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('title')).toBe('Promo');
  });

  it.each([
    ['another host', 'https://evil.example/promo'],
    ['a host that only ends like an allowed one', 'https://promo.kaskita.co.id.evil.example/'],
    ['a subdomain of an allowed host', 'https://x.promo.kaskita.co.id/'],
    ['plain http', 'http://promo.kaskita.co.id/'],
    ['another port', 'https://promo.kaskita.co.id:8443/'],
    ['credentials in the address', 'https://user:pw@promo.kaskita.co.id/'],
    ['a script address', 'javascript:alert(1)'],
    ['no address', null],
  ])('refuses %s, with no frame', (_what, url) => {
    show(url);
    expect(screen.getByTestId('embedded-refused').textContent).toContain('This page cannot be opened');
    expect(screen.queryByTestId('embedded-frame')).toBeNull();
  });

  it('gives a message from an unknown origin no answer at all', () => {
    show(`${ORIGIN}/promo`);
    const { win, posted } = framed();
    message('getToken', 'https://evil.example', win);
    message({ type: 'getToken' }, 'https://promo.kaskita.co.id.evil.example', win);
    message('getToken', 'null', win);
    expect(posted).not.toHaveBeenCalled();
  });

  it('gives a message from the right origin but another window no answer', () => {
    show(`${ORIGIN}/promo`);
    const { posted } = framed();
    message('getToken', ORIGIN, window);
    message('getToken', ORIGIN, null);
    expect(posted).not.toHaveBeenCalled();
  });

  it('answers the loaded page to exactly its origin, never "*"', () => {
    show(`${ORIGIN}/promo`);
    const { win, posted } = framed();
    message('getToken', ORIGIN, win);
    message({ type: 'getAid', id: 'q2' }, ORIGIN, win);
    message({ type: 'getDfp' }, ORIGIN, win);
    message({ type: 'setToken' }, ORIGIN, win);
    expect(posted.mock.calls).toEqual([
      [{ type: 'getToken', data: 'token-of-the-borrower' }, ORIGIN],
      [{ type: 'getAid', data: 'device-1', id: 'q2' }, ORIGIN],
      [{ type: 'getDfp', data: '0123456789abcdef' }, ORIGIN],
    ]);
  });

  it('leaves the page on appFinish, and only when the loaded page asks', () => {
    const { bridge } = show(`${ORIGIN}/promo`);
    const { win, posted } = framed();
    message('appFinish', 'https://evil.example', win);
    expect(bridge.appFinish).not.toHaveBeenCalled();
    message('appFinish', ORIGIN, win);
    expect(bridge.appFinish).toHaveBeenCalledOnce();
    expect(posted).toHaveBeenCalledWith({ type: 'appFinish', data: null }, ORIGIN);
  });

  it('answers a signed-out visitor getToken with null', () => {
    show(`${ORIGIN}/promo`, { ...answers(), getToken: () => null });
    const { win, posted } = framed();
    message('getToken', ORIGIN, win);
    expect(posted).toHaveBeenCalledWith({ type: 'getToken', data: null }, ORIGIN);
  });
});
