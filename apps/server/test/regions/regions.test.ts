import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { areasSchema, type Areas } from '@kaskita/domain/contract/regions';
import { loadRegionDirectory, RegionDirectory } from '../../src/modules/regions/region-directory.ts';
import { REGIONS_CACHE_CONTROL } from '../../src/modules/regions/regions-routes.ts';
import { call, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const url = `${API_PREFIX}${ENDPOINT.getAreas.path}`;

const areas = async (pid?: string) => {
  const { res, body } = await call<Areas>(t.app, {
    method: 'GET',
    url,
    query: pid === undefined ? {} : { pid },
  });
  return { res, body };
};

/** Data rows of one of idn-area-data's CSVs (no field holds a line break). */
function csvRows(file: string): number {
  const pkg = createRequire(import.meta.url).resolve('idn-area-data/package.json');
  const text = readFileSync(join(dirname(pkg), 'data', file), 'utf8');
  return text.split('\n').filter((line) => line.trim() !== '').length - 1;
}

describe('GET /api/getares', () => {
  it('without pid, answers the 38 provinces by name, none a leaf', async () => {
    const { res, body } = await areas();
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe(200);
    const { list } = areasSchema.parse(body.data);
    expect(list).toHaveLength(38);
    expect(list[0]).toEqual({ id: '11', name: 'Aceh', leaf: false });
    expect(list.map((a) => a.name)).toContain('Jawa Barat');
    expect(list.map((a) => a.name)).toContain('Daerah Khusus Ibukota Jakarta');
    const names = list.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'id')));
    expect(list.every((a) => !a.leaf)).toBe(true);
    // A blank pid (an empty form field) is the top level too.
    expect((await areas('')).body.data.list).toHaveLength(38);
  });

  it("answers Aceh's 23 cities and regencies, readable and sorted by name", async () => {
    const { body } = await areas('11');
    const { list } = body.data;
    expect(list).toHaveLength(23);
    expect(list.every((a) => a.id.startsWith('11.') && !a.leaf)).toBe(true);
    expect(list).toContainEqual({ id: '11.01', name: 'Kabupaten Aceh Selatan', leaf: false });
    expect(list).toContainEqual({ id: '11.71', name: 'Kota Banda Aceh', leaf: false });
    expect(list[0]?.name).toBe('Kabupaten Aceh Barat');
  });

  it("answers a city's districts and a district's villages, which are leaves", async () => {
    const districts = (await areas('32.73')).body.data.list;
    expect(districts.find((d) => d.name === 'Coblong')).toEqual({
      id: '32.73.02',
      name: 'Coblong',
      leaf: false,
    });
    const { list } = (await areas('32.73.02')).body.data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((v) => v.leaf && /^32\.73\.02\.\d{4}$/.test(v.id))).toBe(true);
    expect(list.map((v) => v.name)).toContain('Dago');
  });

  it('writes the apostrophe the data spells as a double quote', async () => {
    const { list } = (await areas('35.29')).body.data;
    expect(list.find((d) => d.id === '35.29.22')?.name).toBe("Ra'as");
  });

  it('refuses a malformed pid with 4000 (never 500) and answers an unknown one with an empty list', async () => {
    for (const pid of ['aceh', '1', '110101', '11.01.01.2001', '11.01.01.2001.1', "11' or 1=1"]) {
      const { res, body } = await areas(pid);
      expect(body.code, pid).toBe(4000);
      expect(res.statusCode, pid).toBe(400);
      expect(res.headers['cache-control'], pid).toBe('no-store');
    }
    for (const pid of ['99', '11.99', '11.01.99']) {
      const { body } = await areas(pid);
      expect(body, pid).toMatchObject({ code: 200, data: { list: [] } });
    }
  });

  it('may be cached by browsers and proxies for a day; the rest of the API stays no-store', async () => {
    const { res } = await areas('11');
    expect(res.headers['cache-control']).toBe(REGIONS_CACHE_CONTROL);
    expect(REGIONS_CACHE_CONTROL).toMatch(/^public, max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(REGIONS_CACHE_CONTROL)?.[1])).toBeGreaterThanOrEqual(86_400);
    const config = await call(t.app, { method: 'GET', url: `${API_PREFIX}${ENDPOINT.getConfig.path}` });
    expect(config.res.headers['cache-control']).toBe('no-store');
  });
});

describe('the region directory', () => {
  it('holds every row of the data, level by level', async () => {
    const directory = await loadRegionDirectory();
    expect(directory.counts()).toEqual({
      province: csvRows('provinces.csv'),
      city: csvRows('regencies.csv'),
      district: csvRows('districts.csv'),
      village: csvRows('villages.csv'),
    });
    expect(directory.counts().province).toBe(38);
  });

  it('finds regions by code and knows a district (what a NIK starts with)', async () => {
    const directory = await loadRegionDirectory();
    expect(directory.find('32.73')).toEqual({ code: '32.73', name: 'Kota Bandung', level: 'city' });
    expect(directory.find('32.99')).toBeUndefined();
    expect(directory.isDistrict('11.01.01')).toBe(true);
    expect(directory.isDistrict('11.01')).toBe(false);
    expect(directory.isDistrict('11.01.99')).toBe(false);
  });

  it('checks that an address is one chain, naming the first field that breaks it', async () => {
    const directory = await loadRegionDirectory();
    const dago = directory.children('32.73.02').find((v) => v.name === 'Dago')!;
    const address = { province: '32', city: '32.73', district: '32.73.02', village: dago.code };
    expect(directory.checkAddressChain(address)).toEqual({ ok: true });
    // Every code real, but the village belongs to another district.
    expect(directory.checkAddressChain({ ...address, village: '11.01.01.2001' })).toEqual({
      ok: false,
      field: 'village',
    });
    // A city of another province.
    expect(directory.checkAddressChain({ ...address, city: '11.01' })).toEqual({ ok: false, field: 'city' });
    // A code of the wrong level in a field.
    expect(directory.checkAddressChain({ ...address, district: '32.73' })).toEqual({
      ok: false,
      field: 'district',
    });
    expect(directory.checkAddressChain({ ...address, province: '99' })).toEqual({
      ok: false,
      field: 'province',
    });
    expect(directory.checkAddressChain({ ...address, village: '' })).toEqual({ ok: false, field: 'village' });
  });

  it('refuses inconsistent data instead of serving half a tree', () => {
    expect(() => new RegionDirectory([[{ code: '11.01', name: 'Orphan' }]])).toThrow(/11 is missing/);
    expect(() => new RegionDirectory([[{ code: '1.1', name: 'Bad' }]])).toThrow(/malformed/);
    expect(
      () =>
        new RegionDirectory([
          [
            { code: '11', name: 'A' },
            { code: '11', name: 'B' },
          ],
        ]),
    ).toThrow(/twice/);
  });

  it('sorts numbers in names as numbers and title-cases data written in capitals', () => {
    const directory = new RegionDirectory(
      [
        [{ code: '31', name: 'DKI JAKARTA' }],
        [
          { code: '31.02', name: 'DESA 10' },
          { code: '31.01', name: 'DESA 2' },
        ],
      ],
      { shouting: true },
    );
    expect(directory.children().map((r) => r.name)).toEqual(['DKI Jakarta']);
    expect(directory.children('31').map((r) => r.name)).toEqual(['Desa 2', 'Desa 10']);
  });
});
