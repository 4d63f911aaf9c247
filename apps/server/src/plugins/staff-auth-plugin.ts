import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffAccess } from '@kaskita/domain/contract/endpoints';
import type { Permission, Role } from '@kaskita/domain/staff/permissions';
import { AppError } from '../http/app-error.ts';
import { bearerToken } from './auth-plugin.ts';

/** The staff member behind a back-office request. */
export interface StaffSession {
  staffId: string;
  sessionId: string;
  role: Role;
  permissions: readonly Permission[];
  /** The second factor was checked in this session. */
  verified: boolean;
  /** The member signed in with an administrator's one-time password and has not chosen their own yet. */
  passwordIsOneTime: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the caller's staff session and checks it opens the call, or throws (4047, 4320, 4325, 4033). */
    authenticateStaff(request: FastifyRequest, access: StaffAccess): Promise<StaffSession>;
  }
  interface FastifyRequest {
    /** Set before validation for back-office calls (http/register-call.ts); null otherwise. */
    staff: StaffSession | null;
  }
}

/**
 * The back office's guard. Its tokens are looked up among staff sessions only, so a borrower's token is as unknown
 * here as a made-up one, and a staff token opens no borrower call.
 */
export function registerStaffAuth(
  app: FastifyInstance,
  resolveSession: (token: string) => Promise<StaffSession | null>,
): void {
  app.decorateRequest('staff', null);
  app.decorate('authenticateStaff', async (request: FastifyRequest, access: StaffAccess) => {
    const token = bearerToken(request);
    const session = token ? await resolveSession(token) : null;
    if (!session) throw new AppError('SESSION_LOST');
    if (access === 'password') return session;
    if (!session.verified) throw new AppError('STAFF_SECOND_FACTOR_REQUIRED');
    if (access === 'two_factors') return session;
    // Someone else has known this password: it opens nothing until the member has chosen their own.
    if (session.passwordIsOneTime) throw new AppError('STAFF_PASSWORD_CHANGE_REQUIRED');
    if (access !== 'verified' && !session.permissions.includes(access)) throw new AppError('FORBIDDEN');
    return session;
  });
}
