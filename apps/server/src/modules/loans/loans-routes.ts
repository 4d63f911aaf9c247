import type { FastifyInstance } from 'fastify';
import { landingExampleSchema } from '@kaskita/domain/contract/landing';
import { route } from '../../http/route.ts';
import type { LoanProductsService } from './loan-products-service.ts';

export function loansRoutes(app: FastifyInstance, { products }: { products: LoanProductsService }): void {
  // Public: the landing page shows it before anyone signs in.
  route(app, {
    method: 'GET',
    url: '/v1/landing/example',
    response: landingExampleSchema,
    handler: () => products.landingExample(),
  });
}
