import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@kaskita/domain/contract/admin-paging';
import { useTestApp } from '../helpers/test-app.ts';
import { adminCall, newStaffEmail, verifiedAdministrator, verifiedStaff } from './staff-helpers.ts';

const t = useTestApp();

interface Page<T> {
  items: T[];
  total: number;
}
interface StaffItem {
  id: string;
  email: string;
  name: string;
  role: string;
  state: string;
  totp_enrolled: boolean;
}
interface AuditItem {
  id: string;
  command: string;
  actor_kind: string;
  actor_id: string;
  subject_type: string | null;
  subject_id: string | null;
  outcome: string;
  input: unknown;
  before: unknown;
  after: unknown;
  reason: string | null;
  created_at: string;
}

const list = <T>(token: string, path: string, query: Record<string, string | number | undefined> = {}) =>
  adminCall<Page<T>>(
    t.app,
    'GET',
    `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    { token },
  );

async function createMember(adminToken: string, role: string, name = 'Member') {
  const email = newStaffEmail(role);
  const created = await adminCall<{ id: string }>(t.app, 'POST', '/staff', {
    token: adminToken,
    body: { email, name, role, reason: 'hired for the review queue' },
  });
  expect(created.body.code).toBe(200);
  return { id: created.body.data.id, email };
}

/** Jakarta's business day (UTC+7) of the app's clock, as YYYY-MM-DD. */
const jakartaDay = () => new Date(t.clock.now().getTime() + 7 * 3600_000).toISOString().slice(0, 10);

describe('GET /api/admin/staff', () => {
  it('lists members with role and state, and nothing of their password or second factor', async () => {
    const admin = await verifiedAdministrator(t);
    const reviewer = await createMember(admin.token, 'risk_reviewer', 'Rina Reviewer');
    const res = await list<StaffItem>(admin.token, '/staff', { q: reviewer.email });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(1);
    const [item] = res.body.data.items;
    expect(Object.keys(item!).sort()).toEqual(
      ['created_at', 'disabled_at', 'email', 'id', 'name', 'role', 'state', 'totp_enrolled'].sort(),
    );
    expect(item).toMatchObject({
      id: reviewer.id,
      name: 'Rina Reviewer',
      role: 'risk_reviewer',
      state: 'active',
      totp_enrolled: false,
    });
    const self = await list<StaffItem>(admin.token, '/staff', { q: admin.email });
    expect(self.body.data.items[0]).toMatchObject({ role: 'administrator', totp_enrolled: true });
  });

  it('filters by role and state, searches name or e-mail, sorts and pages on the server', async () => {
    const admin = await verifiedAdministrator(t);
    const name = `Page Test ${Date.now()}`;
    const made = [];
    for (const role of ['collector', 'collector', 'finance'])
      made.push(await createMember(admin.token, role, name));
    const disabled = made[1]!;
    await adminCall(t.app, 'POST', `/staff/${disabled.id}/disable`, {
      token: admin.token,
      body: { reason: 'left the company' },
    });

    const collectors = await list<StaffItem>(admin.token, '/staff', { q: name, role: 'collector' });
    expect(collectors.body.data.items.map((i) => i.id).sort()).toEqual([made[0]!.id, made[1]!.id].sort());
    const gone = await list<StaffItem>(admin.token, '/staff', { q: name, state: 'disabled' });
    expect(gone.body.data.items.map((i) => [i.id, i.state])).toEqual([[disabled.id, 'disabled']]);
    const active = await list<StaffItem>(admin.token, '/staff', { q: name.toUpperCase(), state: 'active' });
    expect(active.body.data.total).toBe(2);

    const byEmail = made.map((m) => m.email).sort();
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await list<StaffItem>(admin.token, '/staff', {
        q: name,
        sort: 'email',
        order: 'asc',
        page,
        page_size: 1,
      });
      expect(res.body.data.total).toBe(3);
      pages.push(...res.body.data.items.map((i) => i.email));
    }
    expect(pages).toEqual(byEmail);
    const descending = await list<StaffItem>(admin.token, '/staff', {
      q: name,
      sort: 'email',
      order: 'desc',
    });
    expect(descending.body.data.items.map((i) => i.email)).toEqual([...byEmail].reverse());
  });

  it('takes a search text with LIKE wildcards literally', async () => {
    const admin = await verifiedAdministrator(t);
    const res = await list<StaffItem>(admin.token, '/staff', { q: '%' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.total).toBe(0);
  });

  it('refuses a page larger than the cap or an unknown sort with a validation error, not a 500', async () => {
    const admin = await verifiedAdministrator(t);
    for (const query of [
      { page_size: MAX_PAGE_SIZE + 1 },
      { page: 0 },
      { sort: 'password_hash' },
      { role: 'boss' },
    ]) {
      const res = await list(admin.token, '/staff', query);
      expect([JSON.stringify(query), res.res.statusCode, res.body.code]).toEqual([
        JSON.stringify(query),
        400,
        4000,
      ]);
    }
  });
});

describe('GET /api/admin/audit', () => {
  it('answers the commands run, newest first, with who, what, the reason, before and after', async () => {
    const admin = await verifiedAdministrator(t);
    const member = await createMember(admin.token, 'collector');
    t.clock.advance(1);
    await adminCall(t.app, 'POST', `/staff/${member.id}/disable`, {
      token: admin.token,
      body: { reason: 'moved to another team' },
    });
    const res = await list<AuditItem>(admin.token, '/audit', { subject_id: member.id });
    expect(res.body.code).toBe(200);
    expect(res.body.data.items.map((i) => i.command)).toEqual(['staff.disable', 'staff.create']);
    expect(res.body.data.items[0]).toMatchObject({
      actor_kind: 'staff',
      actor_id: admin.staffId,
      subject_type: 'staff',
      subject_id: member.id,
      outcome: 'disabled',
      input: { staffId: member.id },
      before: { role: 'collector', disabled: false },
      after: { role: 'collector', disabled: true },
      reason: 'moved to another team',
    });
    expect(res.body.data.items[1]).toMatchObject({
      outcome: 'created',
      reason: 'hired for the review queue',
    });
    const oldestFirst = await list<AuditItem>(admin.token, '/audit', { subject_id: member.id, order: 'asc' });
    expect(oldestFirst.body.data.items.map((i) => i.command)).toEqual(['staff.create', 'staff.disable']);
  });

  it('filters by command, actor and subject, and pages', async () => {
    const admin = await verifiedAdministrator(t);
    const made = [
      await createMember(admin.token, 'finance'),
      await createMember(admin.token, 'finance'),
      await createMember(admin.token, 'auditor'),
    ];
    const mine = await list<AuditItem>(admin.token, '/audit', {
      actor_kind: 'staff',
      actor_id: admin.staffId,
      command: 'staff.create',
    });
    expect(mine.body.data.total).toBe(3);
    expect(mine.body.data.items.map((i) => i.subject_id).sort()).toEqual(made.map((m) => m.id).sort());
    const second = await list<AuditItem>(admin.token, '/audit', {
      actor_id: admin.staffId,
      page: 2,
      page_size: 2,
    });
    expect(second.body.data.items).toHaveLength(1);
    const operator = await list<AuditItem>(admin.token, '/audit', {
      actor_kind: 'operator',
      subject_id: admin.staffId,
    });
    expect(operator.body.data.items.map((i) => i.command)).toEqual(['staff.create']);
    const none = await list<AuditItem>(admin.token, '/audit', {
      subject_type: 'loan',
      subject_id: made[0]!.id,
    });
    expect(none.body.data).toEqual({ items: [], total: 0 });
  });

  it('reads from and to as Jakarta days, both included', async () => {
    const first = await createMember((await verifiedAdministrator(t)).token, 'collector');
    const firstDay = jakartaDay();
    t.clock.advance(2 * 86_400);
    // A new administrator: the first one's session has expired over two days.
    const admin = await verifiedAdministrator(t);
    const second = await createMember(admin.token, 'collector');
    const secondDay = jakartaDay();
    const ids = async (range: Record<string, string>) =>
      (
        await list<AuditItem>(admin.token, '/audit', { command: 'staff.create', page_size: 100, ...range })
      ).body.data.items
        .map((i) => i.subject_id)
        .filter((id) => id === first.id || id === second.id);
    expect(await ids({ from: secondDay })).toEqual([second.id]);
    expect(await ids({ to: firstDay })).toEqual([first.id]);
    expect(await ids({ from: firstDay, to: secondDay })).toEqual([second.id, first.id]);
    expect(await ids({ from: secondDay, to: firstDay })).toEqual([]);
  });

  it('refuses an impossible date or an oversized page with a validation error', async () => {
    const admin = await verifiedAdministrator(t);
    for (const query of [
      { from: '2026-02-31' },
      { to: '26-11-2026' },
      { page_size: 1000 },
      { actor_kind: 'robot' },
    ]) {
      const res = await list(admin.token, '/audit', query);
      expect([JSON.stringify(query), res.res.statusCode, res.body.code]).toEqual([
        JSON.stringify(query),
        400,
        4000,
      ]);
    }
  });

  it('is read-only: listing writes no audit row', async () => {
    const admin = await verifiedAdministrator(t);
    const before = await list<AuditItem>(admin.token, '/audit', { page_size: 1 });
    await list<AuditItem>(admin.token, '/audit', {});
    const after = await list<AuditItem>(admin.token, '/audit', { page_size: 1 });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it('is refused to a member whose role lacks audit.read, and open to an auditor', async () => {
    const admin = await verifiedAdministrator(t);
    const reviewer = await verifiedStaff(t, admin.token, 'risk_reviewer');
    expect((await list(reviewer.token, '/audit')).body.code).toBe(4033);
    const auditor = await verifiedStaff(t, admin.token, 'auditor');
    expect((await list(auditor.token, '/audit')).body.code).toBe(200);
    expect((await list(auditor.token, '/staff')).body.code).toBe(4033);
  });
});
