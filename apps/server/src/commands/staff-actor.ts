import type { StaffSession } from '../plugins/staff-auth-plugin.ts';
import type { Actor } from './command.ts';

export type StaffActor = Extract<Actor, { kind: 'staff' }>;

/** The actor a back-office call runs its commands as: the signed-in member with their role's permissions. */
export const staffActor = (staff: StaffSession): StaffActor => ({
  kind: 'staff',
  staffId: staff.staffId,
  permissions: staff.permissions,
});
