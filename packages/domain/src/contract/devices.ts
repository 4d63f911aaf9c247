import { z } from 'zod';
import { defineCall } from './define-call.ts';
import { emptyResponseSchema } from './auth.ts';

/**
 * The borrower's signed-in devices (issue 27, account security): each sign-in is one, until it signs out, is signed
 * out from another device, or its session runs out. A sign-in from a device the borrower never used sends an SMS.
 */

export const deviceViewSchema = z.object({
  device_id: z.string().describe('The sign-in it stands for; POST /v1/user/devices/sign_out takes it.'),
  label: z
    .string()
    .describe('Browser and system, e.g. "Chrome · Android" ("?" when the browser did not say).'),
  network: z.string().describe('The network it signed in from, masked: "36.72.x.x".'),
  signed_in_at: z.string().describe('When it signed in (ISO 8601).'),
  last_used_at: z.string().describe('When its session was last started or renewed (ISO 8601).'),
  current: z.boolean().describe('The device asking.'),
});
export type DeviceView = z.infer<typeof deviceViewSchema>;

export const deviceCalls = {
  listDevices: defineCall('listDevices', {
    tag: 'borrower',
    summary: 'My signed-in devices',
    description:
      'Every device still signed in to the account, the one asking first, then by last use. Sign-ins of a device the borrower never used before also got an SMS to the registered phone.',
    errors: [],
    response: z.object({ list: z.array(deviceViewSchema) }),
  }),
  signOutDevice: defineCall('signOutDevice', {
    tag: 'borrower',
    summary: 'Sign one device out',
    description:
      'Ends that sign-in at once (its access and refresh tokens). Naming the device asking signs it out too. Another borrower’s device is not found (4040).',
    errors: ['NOT_FOUND'],
    body: z.object({ device_id: z.string().trim().min(1).max(64) }),
    response: emptyResponseSchema,
  }),
  signOutOtherDevices: defineCall('signOutOtherDevices', {
    tag: 'borrower',
    summary: 'Sign out every other device',
    description: 'Ends every sign-in of the account but the one asking (as changing the password does).',
    errors: [],
    response: emptyResponseSchema,
  }),
};
