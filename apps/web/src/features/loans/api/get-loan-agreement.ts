import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';
import type { PlanParams } from './get-loan-plan.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getLoanAgreementCall = lazyCall('getLoanAgreement', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/** A plan's agreement preview is asked for with its purpose too (the agreement names it). */
export type AgreementParams = PlanParams & { purpose_id: number };

const query = (params: AgreementParams, pdf: boolean) => ({
  pid: params.pid,
  money: String(params.money),
  period: params.period,
  purpose_id: String(params.purpose_id),
  ...(pdf ? { pdf: '1' as const } : {}),
});

/** The agreement to read before accepting: title, sections, and the version the order must name. */
export function getLoanAgreement(params: AgreementParams, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(getLoanAgreementCall, query(params, false), { signal });
}

/** The same agreement with its PDF (base64), asked for only when the borrower downloads it. */
export function getLoanAgreementPdf(params: AgreementParams) {
  return callApi(getLoanAgreementCall, query(params, true));
}

export function loanAgreementQueryOptions(params: AgreementParams, locale: Locale, enabled: boolean) {
  return queryOptions({
    queryKey: [...loanKeys.agreement, params.pid, params.money, params.period, params.purpose_id, locale],
    queryFn: ({ signal }) => getLoanAgreement(params, { signal }),
    enabled: () => enabled && hasSession(),
    staleTime: 0,
  });
}

/** Fetched once the borrower opens it (`enabled`), not with the plan: most read the plan first. */
export function useLoanAgreement(params: AgreementParams, enabled: boolean) {
  return useQuery(loanAgreementQueryOptions(params, useLocale(), enabled));
}

/** The agreement an order was accepted with (its number, time of acceptance and hash), with the kept PDF if `pdf`. */
export function getSignedAgreement(
  orderId: string,
  pdf: boolean,
  { signal, toast = true }: { signal?: AbortSignal; toast?: boolean } = {},
) {
  return callApi(
    getLoanAgreementCall,
    { order_id: orderId, ...(pdf ? { pdf: '1' as const } : {}) },
    { signal, toast },
  );
}

/** The signed agreement's text, in the borrower's language (the PDF is asked for only when downloaded). */
export function useSignedAgreement(orderId: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...loanKeys.agreement, 'signed', orderId, locale],
    queryFn: ({ signal }) => getSignedAgreement(orderId, false, { signal }),
    enabled: () => orderId !== '' && hasSession(),
  });
}
