import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';

/** The signed-in borrower behind a request. */
export interface AuthSession {
  userId: string;
  sessionId: string;
  familyId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the caller's session or throws SESSION_LOST (4047, HTTP 401). */
    authenticate(request: FastifyRequest): Promise<AuthSession>;
  }
  interface FastifyRequest {
    /** Set before validation for calls that need a session (http/register-call.ts); null otherwise. */
    session: AuthSession | null;
  }
}

/** The web stores the token as-is and sends it as `Authorization`; other clients may add "Bearer ". */
export function bearerToken(request: FastifyRequest): string | null {
  const raw = request.ctx.headers.authorization?.trim();
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 ? token : null;
}

export function registerAuth(
  app: FastifyInstance,
  resolveSession: (accessToken: string) => Promise<AuthSession | null>,
): void {
  app.decorateRequest('session', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    // Missing, unknown, tampered, expired and revoked tokens all answer the same: the web goes back to login.
    const session = token ? await resolveSession(token) : null;
    if (!session) throw new AppError('SESSION_LOST');
    return session;
  });
}
