import { describe, expect, it } from 'vitest';
import { MENU } from '@kaskita/domain/staff/menu-tree';
import { PAGES } from './pages.tsx';

describe('the pages of the back office', () => {
  // A menu entry without its page opened whatever route matched its path instead (a loan named "waivers").
  it('has a page of its own for every entry of the server’s menu, opened by the same permission', () => {
    for (const entry of MENU.flatMap((group) => group.pages)) {
      const page = PAGES.find((p) => p.path === entry.path);
      expect([entry.key, page?.path, page?.permission]).toEqual([entry.key, entry.path, entry.permission]);
    }
  });
});
