import { addDays, businessDateAt, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import {
  bindingRows,
  capViolationText,
  checkProductSchedule,
  type CapSchedule,
} from '@kaskita/domain/pricing/cap-schedule';
import { loanProductSchema, type LoanProduct } from '@kaskita/domain/pricing/product';
import { defineCommand } from '../../commands/command.ts';
import type { Clock } from '../../clock.ts';
import { pgErrorCode, type Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { LoanProductsService, ProductVersionEntry } from '../loans/loan-products-service.ts';

type Json = Record<string, unknown>;

/** The violations of a cap schedule, as the error's data and the back office show them. */
export function scheduleViolations(schedule: CapSchedule) {
  return schedule.checks.flatMap((check) =>
    check.violations.map((v) => ({
      date: check.date,
      code: v.code,
      rows: bindingRows(v),
      message: capViolationText(v, check.date),
    })),
  );
}

/**
 * Publishing a product version: the rules a proposal is checked against when asked for and again when approved (the
 * day may have moved on meanwhile), and the `product.publish` command the approval runs.
 *
 * The model: a product id has versions that never overlap. A new version starts today or later and after the start of
 * the id's latest version (no version is slipped in between, and no day already offered is rewritten); publishing it
 * ends the latest version the day before it starts. Loans keep the product they were priced with (loans.product).
 */
export class ProductPublishing {
  constructor(private readonly deps: { clock: Clock; products: LoanProductsService }) {}

  readonly publishCommand = defineCommand({
    name: 'product.publish',
    // The command's input is the product as the proposer sent it, checked by the domain's own schema.
    input: loanProductSchema as unknown as import('zod').ZodType<LoanProduct & Json>,
    actors: ['staff'],
    permission: 'product.approve',
    handle: async (tx, product, { actor, commandId, now }) => {
      const { latest, schedule } = await this.checked(tx, product, businessDateAt(now));
      const version = (latest?.version ?? 0) + 1;
      const start = product.validFrom;
      let ended: { version: number; ends_on: string | null; now_ends_on: string } | null = null;
      if (latest && (latest.endsOn === null || latest.endsOn >= start)) {
        const endsOn = addDays(start, -1);
        await this.deps.products.endVersion(tx, product.id, latest.version, endsOn);
        ended = { version: latest.version, ends_on: latest.endsOn, now_ends_on: endsOn };
      }
      try {
        await tx.transaction((sp) =>
          this.deps.products.insertVersion(sp, {
            productId: product.id,
            version,
            data: product,
            startsOn: start,
            endsOn: product.validTo ?? null,
            commandId,
            approvedBy: actor.kind === 'staff' ? actor.staffId : '',
            approvedAt: now,
          }),
        );
      } catch (error) {
        if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT');
        throw error;
      }
      return {
        result: { productId: product.id, version },
        subject: { type: 'product', id: product.id },
        outcome: 'published',
        before: ended ? { version: ended.version, ends_on: ended.ends_on } : null,
        after: {
          version,
          starts_on: start,
          ends_on: product.validTo ?? null,
          previous_ends_on: ended?.now_ends_on ?? null,
          cap_checks: schedule.checks.map((c) => c.date),
        },
      };
    },
  });

  /** What the approver is shown: the version it becomes, its days, the one it ends, and every field that changes. */
  async preview(tx: Tx, product: LoanProduct): Promise<Json> {
    const today = businessDateAt(this.deps.clock.now());
    const { schedule } = await this.checked(tx, product, today);
    const entries = (await this.deps.products.catalogue(tx)).filter((e) => e.productId === product.id);
    const current = entries.at(-1) ?? null;
    return {
      product_id: product.id,
      name: product.name,
      version: (current?.version ?? 0) + 1,
      starts_on: product.validFrom,
      ends_on: product.validTo ?? null,
      replaces: current
        ? {
            version: current.version,
            ends_on: current.endsOn,
            now_ends_on: endBefore(current, product.validFrom),
          }
        : null,
      cap_checked_on: schedule.checks.map((c) => c.date),
      changes: current?.product ? changedFields(current.product, product) : 'a new product',
    };
  }

  /** Start day and caps; the latest published version comes back locked. */
  private async checked(tx: Tx, product: LoanProduct, today: BusinessDate) {
    const latest = await this.deps.products.lockLatestVersion(tx, product.id);
    if (product.validFrom < today || (latest && product.validFrom <= latest.startsOn))
      throw new AppError('PRODUCT_START_INVALID');
    const schedule = checkProductSchedule(product);
    if (!schedule.ok)
      throw new AppError('PRODUCT_OVER_CAP', { cap_violations: scheduleViolations(schedule) });
    return { latest, schedule };
  }
}

/** The fields that differ between two products, as `path: before → after` (JSON values). */
export function changedFields(
  before: LoanProduct,
  after: LoanProduct,
): Record<string, { before: unknown; after: unknown }> {
  const a = flatten(before);
  const b = flatten(after);
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key]))
      changes[key] = { before: a[key] ?? null, after: b[key] ?? null };
  }
  return changes;
}

function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  // Arrays (the tenors) are one field: a tenor added or removed is one change, not every index after it shifted.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

/** The last day of `current` once a version starting on `start` is published: the day before, unless it ends sooner. */
function endBefore(current: ProductVersionEntry, start: BusinessDate): BusinessDate {
  const dayBefore = addDays(start, -1);
  return current.endsOn !== null && current.endsOn < dayBefore ? current.endsOn : dayBefore;
}
