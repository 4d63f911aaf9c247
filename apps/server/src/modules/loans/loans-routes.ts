import type { FastifyInstance } from 'fastify';
import { landingCalls } from '@kaskita/domain/contract/landing';
import { registerCall } from '../../http/register-call.ts';
import type { LoanProductsService } from './loan-products-service.ts';

export function loansRoutes(app: FastifyInstance, { products }: { products: LoanProductsService }): void {
  // Public: the landing page shows it before anyone signs in.
  registerCall(app, landingCalls.getLandingExample, () => products.landingExample());
}
