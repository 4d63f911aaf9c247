import type { RegionLevel } from '@kaskita/domain/validation/region-code';
import { fieldError } from './profile-service.ts';

/** An address's four region codes, by level. */
export type AddressCodes = Record<RegionLevel, string>;

/** What the profile needs of the regions data (the regions module's directory). */
export interface RegionLookup {
  isDistrict(code: string): boolean;
  /** Whether the codes exist and each lies in the previous; when not, the first level that breaks the chain. */
  checkAddressChain(address: AddressCodes): { ok: true } | { ok: false; field: RegionLevel };
  find(code: string): { name: string } | undefined;
}

/** The form field of each region level (spec field names). */
const REGION_FIELD: Record<RegionLevel, string> = {
  province: 'province',
  city: 'city',
  district: 'districts',
  village: 'sub_districts',
};

/** The home and the company address: both are four region codes from GET /getares and a street address. */
export class AddressRegions {
  /** Loaded on first use (modules/regions). */
  constructor(readonly directory: () => Promise<RegionLookup>) {}

  /** The four codes exist and each lies in the previous; else the first field that breaks the chain is named. */
  async check(address: AddressCodes): Promise<void> {
    const check = (await this.directory()).checkAddressChain(address);
    if (!check.ok) throw fieldError(REGION_FIELD[check.field], 'region.chain');
  }

  /** An address as the forms show it again, with the region names once all four codes are chosen. */
  async view(
    province: string | null | undefined,
    city: string | null | undefined,
    district: string | null | undefined,
    village: string | null | undefined,
    address: string | null | undefined,
  ) {
    const codes = [province, city, district, village];
    let label: string | null = null;
    if (codes.every(Boolean)) {
      const regions = await this.directory();
      label = codes.map((code) => regions.find(code!)?.name ?? code).join(' / ');
    }
    return {
      province: province ?? null,
      city: city ?? null,
      districts: district ?? null,
      sub_districts: village ?? null,
      region_label: label,
      address: address ?? null,
    };
  }
}
