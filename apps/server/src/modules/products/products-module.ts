import { defineModule } from '../module-plugin.ts';
import { ProductPublishing } from './product-publishing.ts';
import { ProductViews } from './product-views.ts';
import { productsRoutes } from './products-routes.ts';

/**
 * Products and caps (issue 25): product versions proposed by one member and published when a second one holding
 * product.approve approves (maker-checker), then offered by the loans module from their start day; the cap table
 * with the products each row allows.
 */
export const productsModule = defineModule({
  name: 'products',
  dependencies: ['loans', 'approvals'],
  register: async (app, infra, scope) => {
    const { clock } = infra;
    const { approvals } = app;
    const products = app.loans.products;
    const publishing = new ProductPublishing({ clock, products });
    approvals.register({
      command: publishing.publishCommand,
      subject: (product) => ({ type: 'product', id: product.id }),
      preview: (tx, product) => publishing.preview(tx, product),
      requestPermission: 'product.propose',
    });
    const views = new ProductViews({
      clock,
      products,
      pending: (ids) => approvals.pendingFor(publishing.publishCommand.name, ids),
    });
    await scope.api((api) => productsRoutes(api, { views, publishing, approvals }));
  },
});
