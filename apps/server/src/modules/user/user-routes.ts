import type { FastifyInstance } from 'fastify';
import { accountSchema, userStatusSchema } from '@kaskita/domain/contract/user';
import { route } from '../../http/route.ts';
import type { UserService } from './user-service.ts';

export function userRoutes(app: FastifyInstance, { service }: { service: UserService }): void {
  route(app, {
    method: 'GET',
    url: '/v2/user/status',
    auth: true,
    response: userStatusSchema,
    handler: ({ session }) => service.status(session.userId),
  });

  route(app, {
    method: 'GET',
    url: '/v1/user/account',
    auth: true,
    response: accountSchema,
    handler: ({ session }) => service.account(session.userId),
  });
}
