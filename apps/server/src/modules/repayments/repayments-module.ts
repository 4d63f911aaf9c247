import type { CallbackEndpoint } from '../../callbacks/callback-endpoint.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { PaymentGatewayProvider } from '../../providers/payment-gateway/payment-gateway-provider.ts';
import { LedgerService } from '../ledger/ledger-service.ts';
import type { LoansModule } from '../loans/loans-module.ts';
import type { UserAccounts } from '../user/user-service.ts';
import {
  sandboxMidtransPaymentCallback,
  sandboxXenditPaymentCallback,
} from './payment-callback-endpoints.ts';
import { PaymentApplier } from './payment-applier.ts';
import { RepaymentService, type RepaymentServiceDependencies } from './repayment-service.ts';
import { RepaymentsRepository } from './repayments-repository.ts';

export interface RepaymentsModule {
  service: RepaymentService;
  applier: PaymentApplier;
  /** The gateway's payment callbacks, under /api/payments. */
  paymentCallbacks: CallbackEndpoint[];
}

export function createRepaymentsModule(deps: {
  db: Db;
  clock: Clock;
  outbox: OutboxService;
  users: UserAccounts;
  loans: LoansModule;
  profile: RepaymentServiceDependencies['profile'];
  gateway: PaymentGatewayProvider | null;
  codeTtlHours: number;
  sandbox: { callbackToken: string; serverKey: string };
}): RepaymentsModule {
  const repo = new RepaymentsRepository();
  const applier = new PaymentApplier({ ...deps, repo, loans: deps.loans.book, ledger: new LedgerService() });
  const service = new RepaymentService({ ...deps, repo, loans: deps.loans.book });
  // Both dialects of the sandbox are accepted whichever it speaks: each is verified with its own secret.
  const paymentCallbacks =
    deps.gateway?.name === 'sandbox'
      ? [
          sandboxXenditPaymentCallback(applier, deps.sandbox.callbackToken),
          sandboxMidtransPaymentCallback(applier, deps.sandbox.serverKey),
        ]
      : [];
  return { service, applier, paymentCallbacks };
}
