import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { LoanProductsRepository } from './loan-products-repository.ts';
import { LoanProductsService } from './loan-products-service.ts';

export interface LoansModule {
  products: LoanProductsService;
}

export function createLoansModule({ db, clock }: { db: Db; clock: Clock }): LoansModule {
  return { products: new LoanProductsService(db, new LoanProductsRepository(), clock) };
}
