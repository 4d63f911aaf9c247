import { describe, expect, it } from 'vitest';
import { areasQuerySchema } from '../../src/contract/regions.ts';

describe('GET /getares query', () => {
  it.each([
    [{}, undefined],
    [{ pid: '' }, undefined],
    [{ pid: '  ' }, undefined],
    [{ pid: '11' }, '11'],
    [{ pid: ' 11.01 ' }, '11.01'],
    [{ pid: '11.01.01' }, '11.01.01'],
    [{ pid: '99' }, '99'],
  ])('reads %j as pid %j', (query, pid) => {
    expect(areasQuerySchema.parse(query).pid).toBe(pid);
  });

  it.each(['1', '11.1', '110101', '11.01.01.2001', 'aceh', '11;drop'])('refuses pid %j', (pid) => {
    expect(areasQuerySchema.safeParse({ pid }).success).toBe(false);
  });
});
