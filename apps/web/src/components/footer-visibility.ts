/**
 * The footer tabs show only on the tab roots (spec section 2 "hidden on many routes"):
 * /home and its children, /bill and the /me root. Everything else (forms, history, login) hides it.
 */
export function footerVisible(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return p === '/home' || p.startsWith('/home/') || p === '/bill' || p === '/me';
}
