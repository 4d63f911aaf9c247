import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

/** True when `to` is where we already are (same path and query). */
export function isSameLocation(to: string, current: { pathname: string; search: string }): boolean {
  const url = new URL(to, 'http://x');
  return url.pathname === current.pathname && url.search === current.search;
}

/**
 * navigate() that ignores navigation to the page already shown, logging it (spec section 8):
 * a double tap on a tab or button must not stack duplicate history entries.
 */
export function useSafeNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (isSameLocation(to, location)) {
        console.info('[navigation] already on', to);
        return;
      }
      void navigate(to, options);
    },
    [navigate, location],
  );
}
