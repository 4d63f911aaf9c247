import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myDataCalls, type CorrectionBody, type MyDataExport } from '@kaskita/domain/contract/my-data';
import type { WithdrawableConsent } from '@kaskita/domain/legal/personal-data-rights';
import { callApi } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/auth-session.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { myDataKeys, profileKeys } from '../../../lib/query-keys.ts';

/** GET /v1/user/my_data: the copy of everything held, as the JSON the borrower downloads. */
export function fetchMyData(): Promise<MyDataExport> {
  return callApi(myDataCalls.getMyData, undefined);
}

/** GET /v1/user/my_data/pdf: the readable copy in the app's language (the `lan` header). */
export function fetchMyDataPdf() {
  return callApi(myDataCalls.getMyDataPdf, undefined);
}

/** GET /v1/user/my_data/images: the KTP photo and the selfie, when held. */
export function fetchMyImages() {
  return callApi(myDataCalls.getMyDataImages, undefined);
}

export function useConsents() {
  return useQuery({
    queryKey: myDataKeys.consents,
    queryFn: ({ signal }) => callApi(myDataCalls.listConsents, undefined, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** Withdraws a consent; the contacts step is to do again after the contacts consent, so the profile is read again. */
export function useWithdrawConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: WithdrawableConsent) => callApi(myDataCalls.withdrawConsent, { kind }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: myDataKeys.consents });
      await client.invalidateQueries({ queryKey: profileKeys.social });
      await client.invalidateQueries({ queryKey: profileKeys.progress });
    },
  });
}

export function useRestorePrivacyConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(myDataCalls.restoreConsent, { kind: 'privacy' }),
    onSettled: () => client.invalidateQueries({ queryKey: myDataKeys.consents }),
  });
}

export function useCorrections() {
  return useQuery({
    queryKey: myDataKeys.corrections,
    queryFn: ({ signal }) => callApi(myDataCalls.listCorrections, undefined, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useRequestCorrection() {
  const client = useQueryClient();
  return useMutation({
    // The form shows field errors itself (4000), and the refusals under the form.
    mutationFn: (body: CorrectionBody) => callApi(myDataCalls.requestCorrection, body, { toast: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: myDataKeys.corrections }),
  });
}

export function useAccountDeletion() {
  return useQuery({
    queryKey: myDataKeys.deletion,
    queryFn: ({ signal }) => callApi(myDataCalls.getAccountDeletion, undefined, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** Deletes the account; once deleted, the session on this phone is forgotten too (the server has ended it). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => callApi(myDataCalls.deleteAccount, { confirm: 'DELETE' }),
    onSuccess: () => clearSession(),
  });
}
