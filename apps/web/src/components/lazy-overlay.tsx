import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy-chunk.ts';

/**
 * An overlay (antd-mobile's Dialog or Popup) whose code is its own chunk, fetched once the page is idle and rendered
 * from the first time it is shown. Closed, it is nothing: a page's first paint waits for none of it (the mask, the
 * popup and the imperative API that comes with Dialog: 18 kB gzip of the 228 kB /bill loaded, issue 23). A tap before
 * the chunk has arrived shows the overlay when it does; a failed idle fetch is tried again then.
 */
export function lazyOverlay<P extends { visible?: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Overlay = lazyComponent(load);
  return function LazyOverlay(props: P) {
    const [shown, setShown] = useState(Boolean(props.visible));
    // Once shown it stays mounted, so it can animate closed.
    if (props.visible && !shown) setShown(true);
    useEffect(() => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
      // Not the lazy component's own load: a failure here must not stay cached for the first real open.
      idle(() => void load().catch(() => undefined));
    }, []);
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  };
}

/** antd-mobile's Dialog, declarative (its imperative `Dialog.show` is not used), as a lazy overlay. */
export const Dialog = lazyOverlay(() => import('antd-mobile/es/components/dialog'));

/** antd-mobile's Popup as a lazy overlay. */
export const Popup = lazyOverlay(() => import('antd-mobile/es/components/popup'));
