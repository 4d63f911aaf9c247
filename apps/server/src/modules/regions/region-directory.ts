import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';
import {
  parentCode,
  readableRegionName,
  REGION_LEVELS,
  regionLevel,
  type RegionLevel,
} from '@kaskita/domain/validation/region-code';

export interface Region {
  /** The dotted Kemendagri code. */
  code: string;
  /** Readable official name (readableRegionName). */
  name: string;
  level: RegionLevel;
}

/** The four codes of an address (province, city, district, village), as the profile forms send them. */
export type AddressCodes = Record<RegionLevel, string>;

export type AddressChainCheck = { ok: true } | { ok: false; field: RegionLevel };

interface RegionRow {
  code: string;
  name: string;
}

const ROOT = '';
// Names as Indonesians sort them; numeric so that "Desa 2" comes before "Desa 10".
const byName = new Intl.Collator('id', { numeric: true, sensitivity: 'base' });

/**
 * Every province, city/regency, district and village, in memory: children of a code in name order, lookups by code,
 * and the address checks the profile module and NIK validation make. Immutable once built.
 */
export class RegionDirectory {
  private readonly byCode = new Map<string, Region>();
  private readonly childrenOf = new Map<string, Region[]>();

  /** Rows of any level, in any order; a row whose parent is missing is refused (the data would be inconsistent). */
  constructor(levels: readonly (readonly RegionRow[])[], { shouting = false } = {}) {
    for (const rows of levels) {
      for (const row of rows) {
        const level = regionLevel(row.code);
        if (level === null) throw new Error(`region code ${JSON.stringify(row.code)} is malformed`);
        if (this.byCode.has(row.code)) throw new Error(`region code ${row.code} appears twice`);
        const region: Region = { code: row.code, name: readableRegionName(row.name, { shouting }), level };
        this.byCode.set(row.code, region);
        const parent = parentCode(row.code) ?? ROOT;
        const siblings = this.childrenOf.get(parent);
        if (siblings) siblings.push(region);
        else this.childrenOf.set(parent, [region]);
      }
    }
    for (const [parent, children] of this.childrenOf) {
      if (parent !== ROOT && !this.byCode.has(parent)) throw new Error(`region ${parent} is missing`);
      children.sort((a, b) => byName.compare(a.name, b.name) || (a.code < b.code ? -1 : 1));
    }
  }

  /** The regions directly below `pid` (the provinces when absent), in name order; none for an unknown code. */
  children(pid?: string): readonly Region[] {
    return this.childrenOf.get(pid ?? ROOT) ?? [];
  }

  find(code: string): Region | undefined {
    return this.byCode.get(code);
  }

  /** A real district code: what a NIK's first six digits must name (nikDistrictCode). */
  isDistrict(code: string): boolean {
    return this.byCode.get(code)?.level === 'district';
  }

  /** Whether the four codes exist and each lies in the previous; when not, the first field that breaks the chain. */
  checkAddressChain(address: AddressCodes): AddressChainCheck {
    let parent: string | null = null;
    for (const level of REGION_LEVELS) {
      const code = address[level];
      if (this.byCode.get(code)?.level !== level || parentCode(code) !== parent)
        return { ok: false, field: level };
      parent = code;
    }
    return { ok: true };
  }

  /** How many regions of each level (tests compare them with the data's row counts). */
  counts(): Record<RegionLevel, number> {
    const counts: Record<RegionLevel, number> = { province: 0, city: 0, district: 0, village: 0 };
    for (const region of this.byCode.values()) counts[region.level] += 1;
    return counts;
  }
}

/** Reads idn-area-data's CSVs (about half a second and 20 MB of heap: see regions-service.ts for when). */
export async function loadRegionDirectory(): Promise<RegionDirectory> {
  const levels = await Promise.all([getProvinces(), getRegencies(), getDistricts(), getVillages()]);
  // idn-area-data 4 writes names in mixed case; earlier releases wrote them in capitals, which are title-cased.
  const shouting = levels[0].every((row) => row.name === row.name.toUpperCase());
  return new RegionDirectory(levels, { shouting });
}
