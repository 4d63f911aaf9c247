import type { FastifyInstance } from 'fastify';
import { adminCalls, STAFF_IDLE_SECONDS } from '@kaskita/domain/contract/admin';
import { adminAdministrationCalls } from '@kaskita/domain/contract/admin-administration';
import { menuTreeFor } from '@kaskita/domain/staff/menu-tree';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { StaffAccountsService } from './staff-accounts-service.ts';
import type { StaffSessionService } from './staff-session-service.ts';
import type { StaffSignInService } from './staff-sign-in-service.ts';

export interface StaffRoutesDependencies {
  signIn: StaffSignInService;
  sessions: StaffSessionService;
  accounts: StaffAccountsService;
}

/** The back office's calls (contract/admin.ts); the guard in register-call.ts has checked each token first. */
export function staffRoutes(
  app: FastifyInstance,
  { signIn, sessions, accounts }: StaffRoutesDependencies,
): void {
  registerCall(app, adminCalls.adminSignIn, async ({ body, request }) => {
    const answer = await signIn.signIn(body.email, body.password, request.ctx.network);
    return {
      token: answer.token,
      next: answer.next,
      idle_seconds: STAFF_IDLE_SECONDS,
      password_change_required: answer.passwordChangeRequired,
    };
  });

  registerCall(app, adminCalls.adminEnrolTotp, async ({ staff, reply }) => {
    reply.header('cache-control', 'no-store');
    const enrolment = await signIn.enrol(staff);
    return { secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl, qr_data_url: enrolment.qrDataUrl };
  });

  registerCall(app, adminCalls.adminConfirmTotp, async ({ staff, body, reply }) => {
    reply.header('cache-control', 'no-store');
    return { recovery_codes: await signIn.confirm(staff, body.totp_code) };
  });

  registerCall(app, adminCalls.adminVerifyTotp, async ({ staff, body }) => {
    const { role, permissions } = await signIn.verify(staff, body);
    return { role, permissions: [...permissions] };
  });

  registerCall(app, adminCalls.adminSignOut, async ({ staff }) => {
    await sessions.signOut(staff.sessionId);
    return {};
  });

  registerCall(app, adminCalls.adminSignOutEverywhere, async ({ staff }) => {
    await sessions.signOutEverywhere(staff.staffId);
    return {};
  });

  registerCall(app, adminCalls.adminChangePassword, async ({ staff, body }) => {
    await signIn.changePassword(staff, body.old_password, body.password);
    return {};
  });

  registerCall(app, adminCalls.getPermissionTree, async ({ staff, request }) => ({
    staff: await accounts.find(staff.staffId),
    permissions: [...staff.permissions],
    menus: menuTreeFor(staff.permissions, request.ctx.locale),
  }));

  registerCall(app, adminCalls.createStaff, async ({ staff, body, reply, request }) => {
    reply.header('cache-control', 'no-store');
    const { reason, ...member } = body;
    const created = await accounts.createWithOneTimePassword(staffActor(staff), member, {
      reason,
      network: request.ctx.network,
    });
    return {
      id: created.id,
      email: created.email,
      name: created.name,
      role: created.role,
      one_time_password: created.oneTimePassword,
    };
  });

  registerCall(app, adminCalls.resetStaffAccess, async ({ staff, params, body, request, reply }) => {
    // A password answered once: no cache keeps it.
    reply.header('cache-control', 'no-store');
    const { oneTimePassword } = await accounts.resetAccess(staffActor(staff), params.id, {
      reason: body.reason,
      network: request.ctx.network,
    });
    return { id: params.id, one_time_password: oneTimePassword };
  });

  registerCall(app, adminCalls.disableStaff, async ({ staff, params, body, request }) => {
    await accounts.disable(staffActor(staff), params.id, {
      reason: body.reason,
      network: request.ctx.network,
    });
    return { id: params.id, disabled: true as const };
  });

  registerCall(app, adminAdministrationCalls.listStaff, async ({ query }) =>
    accounts.list({
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
      sort: query.sort ?? 'created_at',
      order: query.order ?? (query.sort ? 'asc' : 'desc'),
      role: query.role,
      state: query.state,
      q: query.q,
    }),
  );
}
