import type { AgreementParams } from './api/get-loan-agreement.ts';

/** The borrowing form's choice as the plan page's query (spec: /home/borrowing-plan?pid&money&period&purpose_id). */
export function planQuery(p: AgreementParams): Record<string, string> {
  return { pid: p.pid, money: String(p.money), period: p.period, purpose_id: String(p.purpose_id) };
}

const whole = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : null);

/** The plan a link names, or null when a part is missing or not a number (a hand-edited or cut-off link). */
export function planParamsFrom(search: URLSearchParams): AgreementParams | null {
  const pid = search.get('pid')?.trim();
  const period = search.get('period')?.trim();
  const money = whole(search.get('money'));
  const purposeId = whole(search.get('purpose_id'));
  if (!pid || !period || money === null || money <= 0 || purposeId === null || purposeId <= 0) return null;
  return { pid, money, period, purpose_id: purposeId };
}
