/** Forms under /home: the tabs would cover their submit button and invite leaving half-way. */
const HOME_FORMS = ['/home/add-bank'];

/**
 * The footer tabs show only on the tab roots (spec section 2 "hidden on many routes"):
 * /home and its children but its forms, /bill and the /me root. Everything else (forms, history, login) hides it.
 */
export function footerVisible(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (HOME_FORMS.includes(p)) return false;
  return p === '/home' || p.startsWith('/home/') || p === '/bill' || p === '/me';
}
