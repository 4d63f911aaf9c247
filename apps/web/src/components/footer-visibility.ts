/**
 * Pages under /home that are a step, not a tab: the bank form (the tabs would cover its submit button and invite
 * leaving half-way), the bills table and the payment code pages (a borrower paying keeps the number in view), and
 * relief (its form and its Accept button).
 */
const HOME_FORMS = ['/home/add-bank', '/home/pay-back-detail', '/home/pay-back-methods', '/home/relief'];

/**
 * The footer tabs show only on the tab roots (spec section 2 "hidden on many routes"):
 * /home and its children but its forms, /bill and the /me root. Everything else (forms, history, login) hides it.
 */
export function footerVisible(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (HOME_FORMS.includes(p)) return false;
  return p === '/home' || p.startsWith('/home/') || p === '/bill' || p === '/me';
}
