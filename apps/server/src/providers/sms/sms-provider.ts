import type { MessagingProvider, OutgoingMessage } from '../messaging/messaging-provider.ts';

/**
 * The SMS names the auth module was written against, kept so its callers (and providers injected by tests) need no
 * change: an SMS is an outgoing message whose channel defaults to `sms` (messaging/messaging-provider.ts).
 */
export type SmsMessage = OutgoingMessage;

/** Any messaging provider, or an injected one that states only its name and whether it is a sandbox. */
export type SmsProvider = Pick<MessagingProvider, 'name' | 'sandbox'> & {
  send(message: SmsMessage): Promise<unknown>;
};
