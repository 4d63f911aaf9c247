import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { verificationCalls, type ReminderChannel } from '@kaskita/domain/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { applicationKeys } from '../../../lib/query-keys.ts';

/** The borrower's checks, read for the reminder channel and the confirmed WhatsApp number (shared with the checklist). */
export function useReminderChannel() {
  return useQuery({
    queryKey: applicationKeys.verification,
    queryFn: ({ signal }) => callApi(verificationCalls.getVerification, undefined, { signal }),
    enabled: hasSession,
    select: (state) => ({ channel: state.reminder_channel, whatsapp: state.whatsapp }),
  });
}

/** Chooses SMS or WhatsApp for bill reminders (POST /v1/user/reminder_channel). */
export function useSetReminderChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: ReminderChannel) => callApi(verificationCalls.setReminderChannel, { channel }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.verification }),
  });
}
