import { describe, expect, it } from 'vitest';
import { enUS } from './locales/en-US.ts';
import { idID } from './locales/id-ID.ts';

function leaves(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

describe('translations', () => {
  const en = leaves(enUS);
  const id = leaves(idID);
  it('every en-US key exists in id-ID', () => {
    expect([...en.keys()].filter((k) => !id.has(k))).toEqual([]);
  });
  it('every id-ID key exists in en-US', () => {
    expect([...id.keys()].filter((k) => !en.has(k))).toEqual([]);
  });
  it('no empty or non-string texts', () => {
    for (const [k, v] of [...en, ...id]) expect(typeof v === 'string' && v.trim().length > 0, k).toBe(true);
  });
  it('placeholders match between languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [k, v] of en) expect(vars(id.get(k)), k).toEqual(vars(v));
  });
});
