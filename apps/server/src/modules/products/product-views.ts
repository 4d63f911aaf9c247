import type { z } from 'zod';
import type { adminProductCalls } from '@kaskita/domain/contract/admin-products';
import { businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import {
  bindingRows,
  capViolationText,
  checkProductSchedule,
  rowAllows,
} from '@kaskita/domain/pricing/cap-schedule';
import { CAP_TABLE } from '@kaskita/domain/pricing/regulatory-caps';
import type { CapViolation } from '@kaskita/domain/pricing/regulatory-check';
import { isInForce } from '@kaskita/domain/pricing/business-date';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { Paging } from '../../db/paging.ts';
import {
  versionState,
  type LoanProductsService,
  type ProductVersionEntry,
} from '../loans/loan-products-service.ts';

type Calls = typeof adminProductCalls;
type ProductRow = z.input<Calls['listAdminProducts']['response']>['items'][number];
type ProductDetail = z.input<Calls['getAdminProduct']['response']>;
type CapRows = z.input<Calls['listProductCaps']['response']>;

const violationView = (v: CapViolation, date: BusinessDate) => ({
  code: v.code,
  rows: bindingRows(v),
  message: capViolationText(v, date),
});

/** What the back office reads about products: versions and their states today, and the cap table's verdicts. */
export class ProductViews {
  constructor(
    private readonly deps: {
      clock: Clock;
      products: LoanProductsService;
      /** Pending `product.publish` requests by product id. */
      pending(productIds: readonly string[]): Promise<Map<string, string>>;
    },
  ) {}

  private today(): BusinessDate {
    return businessDateAt(this.deps.clock.now());
  }

  async list(paging: Paging): Promise<{ items: ProductRow[]; total: number }> {
    const today = this.today();
    const byId = groupById(await this.deps.products.catalogue());
    const ids = [...byId.keys()].sort();
    if (paging.order === 'desc') ids.reverse();
    const page = ids.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
    const pending = await this.deps.pending(page);
    const items = page.map((id) => {
      const versions = byId.get(id)!;
      const current = versions.find((v) => inDays(v, today)) ?? null;
      const next = versions.find((v) => versionState(v, today) === 'scheduled') ?? null;
      const shown = current ?? next ?? versions.at(-1)!;
      const product = shown.product ?? [...versions].reverse().find((v) => v.product)?.product ?? null;
      return {
        product_id: id,
        name: product?.name ?? id,
        kind: product?.kind ?? '',
        purpose: product?.purpose ?? '',
        state: versionState(shown, today),
        current_version: current?.version ?? null,
        next_version: next?.startsOn ? { version: next.version, starts_on: next.startsOn } : null,
        versions: versions.length,
        pending_request_id: pending.get(id) ?? null,
      };
    });
    return { items, total: ids.length };
  }

  async detail(productId: string): Promise<ProductDetail> {
    const today = this.today();
    const versions = groupById(await this.deps.products.catalogue()).get(productId);
    if (!versions) throw new AppError('NOT_FOUND');
    return {
      product_id: productId,
      today,
      versions: versions.map((v) => ({
        version: v.version,
        source: v.source,
        state: versionState(v, today),
        starts_on: v.startsOn,
        ends_on: v.endsOn,
        command_id: v.commandId,
        product: v.product,
        cap_checks: v.product
          ? checkProductSchedule({ ...v.product, ...(v.endsOn ? { validTo: v.endsOn } : {}) }).checks.map(
              (c) => ({
                date: c.date,
                ok: c.ok,
                violations: c.violations.map((x) => violationView(x, c.date)),
              }),
            )
          : [],
      })),
    };
  }

  async caps(): Promise<CapRows> {
    const today = this.today();
    // Versions that are or will be offered: an ended one no longer needs a row's leave.
    const live = (await this.deps.products.catalogue()).filter(
      (v) => v.product && versionState(v, today) !== 'ended',
    );
    return {
      today,
      rows: CAP_TABLE.map((row) => ({
        id: row.id,
        from: row.from,
        to: row.to ?? null,
        purpose: row.purpose,
        tenor: row.tenor,
        daily_economic_benefit: row.dailyEconomicBenefit,
        daily_late_fee: row.dailyLateFee,
        total_cost_of_principal: row.totalCostOfPrincipal,
        source: row.source,
        in_force_today: isInForce(row, today),
        products: live.flatMap((v) => {
          const product = { ...v.product!, ...(v.endsOn ? { validTo: v.endsOn } : {}) };
          const verdict = rowAllows(product, row);
          if (!verdict) return [];
          const from = row.from > product.validFrom ? row.from : product.validFrom;
          return [
            {
              product_id: v.productId,
              version: v.version,
              allowed: verdict.ok,
              violations: verdict.violations.map((x) => violationView(x, from)),
            },
          ];
        }),
      })),
    };
  }
}

function inDays(v: ProductVersionEntry, date: BusinessDate): boolean {
  return (!v.startsOn || v.startsOn <= date) && (!v.endsOn || date <= v.endsOn);
}

function groupById(entries: readonly ProductVersionEntry[]): Map<string, ProductVersionEntry[]> {
  const byId = new Map<string, ProductVersionEntry[]>();
  for (const e of entries) byId.set(e.productId, [...(byId.get(e.productId) ?? []), e]);
  return byId;
}
