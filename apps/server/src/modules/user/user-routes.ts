import type { FastifyInstance } from 'fastify';
import { userCalls } from '@kaskita/domain/contract/user';
import { registerCall } from '../../http/register-call.ts';
import type { UserService } from './user-service.ts';

/** The WhatsApp check lives in the verification module; the status call shows it (spec section 4). */
export interface WhatsappCheck {
  verificationFacts(userId: string): Promise<{ whatsappVerified: boolean }>;
}

export function userRoutes(
  app: FastifyInstance,
  { service, whatsapp }: { service: UserService; whatsapp: WhatsappCheck },
): void {
  registerCall(app, userCalls.getUserStatus, async ({ session }) => {
    const [status, facts] = await Promise.all([
      service.status(session.userId),
      whatsapp.verificationFacts(session.userId),
    ]);
    return { ...status, whatsapp_status: facts.whatsappVerified ? 1 : 0 };
  });
  registerCall(app, userCalls.getAccount, ({ session }) => service.account(session.userId));
}
