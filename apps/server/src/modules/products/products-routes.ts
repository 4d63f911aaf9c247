import type { FastifyInstance } from 'fastify';
import { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { ApprovalsService } from '../approvals/approvals-service.ts';
import type { ProductPublishing } from './product-publishing.ts';
import type { ProductViews } from './product-views.ts';

/** Products and caps: the reads for loan.read, and a proposal asked for through maker-checker. */
export function productsRoutes(
  app: FastifyInstance,
  deps: { views: ProductViews; publishing: ProductPublishing; approvals: ApprovalsService },
): void {
  const calls = adminProductCalls;
  registerCall(app, calls.listAdminProducts, ({ query }) =>
    deps.views.list({ page: query.page, pageSize: query.page_size, order: query.order }),
  );
  registerCall(app, calls.getAdminProduct, ({ params }) => deps.views.detail(params.id));
  registerCall(app, calls.listProductCaps, () => deps.views.caps());
  registerCall(app, calls.proposeProduct, async ({ staff, body, request }) => {
    const { id, state } = await deps.approvals.request(
      deps.publishing.publishCommand.name,
      body.product,
      staffActor(staff),
      body.reason,
      { network: request.ctx.network },
    );
    return { request_id: id, state };
  });
}
