import { describe, expect, it } from 'vitest';
import { MENU, menuTreeFor } from '../../src/staff/menu-tree.ts';
import { PERMISSIONS, ROLES, permissionsOf } from '../../src/staff/permissions.ts';

const ALL = Object.values(PERMISSIONS);

describe('roles', () => {
  it('the administrator holds every permission, and every permission is some page or role duty', () => {
    expect([...permissionsOf('administrator')].sort()).toEqual([...ALL].sort());
    for (const permission of ALL) {
      const roles = Object.entries(ROLES).filter(([, held]) =>
        (held as readonly string[]).includes(permission),
      );
      expect(roles.length, permission).toBeGreaterThan(0);
    }
  });

  it('the auditor can change nothing: it holds only reading permissions', () => {
    expect([...permissionsOf('auditor')].sort()).toEqual(
      [PERMISSIONS.auditRead, PERMISSIONS.loanRead].sort(),
    );
  });

  it('keeps the names the loan and refund commands were written with (they are in audit rows)', () => {
    expect(PERMISSIONS.waiveLateFees).toBe('loans.waive_late_fees');
    expect(PERMISSIONS.writeOff).toBe('loans.write_off');
    expect(PERMISSIONS.refundApprove).toBe('refunds.approve');
  });
});

describe('the menu tree', () => {
  it('has every page reachable by some permission, and keys unique', () => {
    const keys = MENU.flatMap((g) => [g.key, ...g.pages.map((p) => p.key)]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(menuTreeFor(ALL, 'en-US').flatMap((g) => g.pages)).toHaveLength(
      MENU.flatMap((g) => g.pages).length,
    );
  });

  it('drops pages the permissions do not open and groups left empty', () => {
    const tree = menuTreeFor([PERMISSIONS.refundApprove], 'id-ID');
    expect(tree).toEqual([
      {
        key: 'payments',
        label: 'Pembayaran',
        pages: [
          {
            key: 'payments.refunds',
            label: 'Persetujuan pengembalian dana',
            path: '/payments/refunds',
            permission: 'refunds.approve',
          },
        ],
      },
    ]);
    expect(menuTreeFor([], 'en-US')).toEqual([]);
  });
});
