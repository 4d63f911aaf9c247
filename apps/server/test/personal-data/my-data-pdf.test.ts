import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { myDataSectionSchemas, MY_DATA_SECTION_KEYS } from '@kaskita/domain/contract/my-data';
import { FIELD_LABELS, SECTION_TITLES } from '../../src/modules/personal-data/my-data-labels.ts';

/** Every field name the export's contract declares, at any depth. */
function fieldNames(schema: z.ZodType, into = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (def.type === 'nullable' || def.type === 'optional') return fieldNames(def.innerType as z.ZodType, into);
  if (def.type === 'array') return fieldNames(def.element as z.ZodType, into);
  if (def.type === 'object')
    for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      into.add(key);
      fieldNames(value, into);
    }
  return into;
}

describe('the readable copy’s words', () => {
  it('name every section and every field of the export in both languages', () => {
    const names = new Set<string>();
    for (const key of MY_DATA_SECTION_KEYS) {
      expect(SECTION_TITLES[key]['id-ID'], key).toBeTruthy();
      fieldNames(myDataSectionSchemas[key], names);
    }
    expect(names.size).toBeGreaterThan(100);
    const unlabelled = [...names].filter((n) => !FIELD_LABELS[n]?.['id-ID'] || !FIELD_LABELS[n]?.['en-US']);
    expect(unlabelled).toEqual([]);
  });
});
