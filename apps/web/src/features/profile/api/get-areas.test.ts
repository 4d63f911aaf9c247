import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api-effects.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { answer } from '../../../test/api-answer.ts';
import { getAreas, storedAreas } from './get-areas.ts';

const provinces = [{ id: '11', name: 'Aceh', leaf: false }];

describe('regions kept in the tab session', () => {
  beforeEach(() => configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() }));

  it('stores each answer under its pid and reads it back', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { list: provinces }));
    vi.stubGlobal('fetch', fetch);
    expect(storedAreas('')).toBeUndefined();
    await expect(getAreas('')).resolves.toEqual(provinces);
    expect(new URL(String(fetch.mock.calls[0]?.[0]), 'http://x').pathname).toBe('/api/getares');
    expect(storedAreas('')).toEqual(provinces);
    expect(storedAreas('11')).toBeUndefined();
  });

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"list": []}'],
    ['an area without its leaf flag', '[{"id": "11", "name": "Aceh"}]'],
  ])('ignores a stored value that is %s', (_name, raw) => {
    sessionStorage.setItem(`${SESSION_KEYS.regionAreas}:`, raw);
    expect(storedAreas('')).toBeUndefined();
  });
});
