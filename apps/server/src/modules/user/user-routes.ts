import type { FastifyInstance } from 'fastify';
import { userCalls } from '@kaskita/domain/contract/user';
import { registerCall } from '../../http/register-call.ts';
import type { UserService } from './user-service.ts';

export function userRoutes(app: FastifyInstance, { service }: { service: UserService }): void {
  registerCall(app, userCalls.getUserStatus, ({ session }) => service.status(session.userId));
  registerCall(app, userCalls.getAccount, ({ session }) => service.account(session.userId));
}
