import { describe, expect, it } from 'vitest';
import {
  nikDistrictCode,
  parentCode,
  readableRegionName,
  regionLevel,
  titleCaseRegionName,
} from '../../src/validation/region-code.ts';

describe('region codes', () => {
  it.each([
    ['11', 'province'],
    ['11.01', 'city'],
    ['11.01.01', 'district'],
    ['11.01.01.2001', 'village'],
    ['1', null],
    ['11.1', null],
    ['1101', null],
    ['11.01.01.201', null],
    ['11.01.01.2001.1', null],
    ['', null],
    [' 11', null],
    ['aa', null],
  ])('%j is a %s code', (code, level) => {
    expect(regionLevel(code)).toBe(level);
  });

  it('a parent is the code without its last part; a province and a malformed code have none', () => {
    expect(parentCode('11.01.01.2001')).toBe('11.01.01');
    expect(parentCode('11.01.01')).toBe('11.01');
    expect(parentCode('11.01')).toBe('11');
    expect(parentCode('11')).toBeNull();
    expect(parentCode('11.0')).toBeNull();
  });

  it("a NIK's first six digits are its district code", () => {
    expect(nikDistrictCode('1101012505900001')).toBe('11.01.01');
    expect(nikDistrictCode('3273012505900001')).toBe('32.73.01');
    expect(nikDistrictCode('110101')).toBe('11.01.01');
    expect(nikDistrictCode('11010')).toBeNull();
    expect(nikDistrictCode('11-01-01')).toBeNull();
    expect(nikDistrictCode('')).toBeNull();
  });
});

describe('region names', () => {
  it.each([
    ['KABUPATEN ACEH SELATAN', 'Kabupaten Aceh Selatan'],
    ['KOTA BANDA ACEH', 'Kota Banda Aceh'],
    ['DKI JAKARTA', 'DKI Jakarta'],
    ['DI YOGYAKARTA', 'DI Yogyakarta'],
    ['KEPULAUAN BANGKA BELITUNG', 'Kepulauan Bangka Belitung'],
    ['LUBUK PAKAM I,II', 'Lubuk Pakam I,II'],
    ["SOKA'AN", "Soka'an"],
    ['LUMBAN SITIO-TIO', 'Lumban Sitio-Tio'],
    ['PULO LON / PULO DAYAH', 'Pulo Lon / Pulo Dayah'],
    ['MNS. MESJID', 'Mns. Mesjid'],
    ['SUMBER DAN SARI', 'Sumber dan Sari'],
    ['DAN', 'Dan'],
  ])('title-cases %j as %j', (raw, readable) => {
    expect(titleCaseRegionName(raw)).toBe(readable);
  });

  it('keeps the official mixed-case spelling, tidying spaces and the apostrophe written as a double quote', () => {
    expect(readableRegionName('Kabupaten Aceh Selatan')).toBe('Kabupaten Aceh Selatan');
    expect(readableRegionName('MKCM')).toBe('MKCM');
    expect(readableRegionName('Ra"as')).toBe("Ra'as");
    expect(readableRegionName('  Lambang  Sari I, II ')).toBe('Lambang Sari I, II');
    expect(readableRegionName('KOTA BANDA ACEH', { shouting: true })).toBe('Kota Banda Aceh');
  });
});
