import { describe, expect, it, vi } from 'vitest';
import { adminCalls } from '@kaskita/domain/contract/admin';
import { adminAdministrationCalls } from '@kaskita/domain/contract/admin-administration';
import { ApiError, callApi, handleSessionEnd } from './api-client.ts';
import { getSession, setSession } from './session.ts';

function answer(envelope: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const tree = {
  staff: { id: 's1', email: 'a@kaskita.test', name: 'Ayu', role: 'administrator' },
  permissions: ['staff.manage'],
  menus: [],
};

describe('callApi', () => {
  it('sends the staff token and language, GET input as the query, and answers the parsed data', async () => {
    setSession({ token: 'tok-1', stage: 'ready', passwordChangeRequired: false });
    const fetchMock = answer({ code: 200, msg: 'OK', data: { items: [], total: 0 } });
    const data = await callApi(adminAdministrationCalls.listStaff, { page: '2', role: 'finance', q: '' });
    expect(data).toEqual({ items: [], total: 0 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/staff?page=2&role=finance');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect((init.headers as Record<string, string>).lan).toMatch(/^(en-US|id-ID)$/);
  });

  it('posts JSON with path parameters filled in', async () => {
    setSession({ token: 'tok-1', stage: 'ready', passwordChangeRequired: false });
    const fetchMock = answer({ code: 200, msg: 'OK', data: { id: 'x', disabled: true } });
    await callApi(adminCalls.disableStaff, { reason: 'left' }, { params: { id: 'x/y' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/staff/x%2Fy/disable');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'left' });
  });

  it('refuses data that breaks the call’s response schema', async () => {
    answer({ code: 200, msg: 'OK', data: { ...tree, staff: { ...tree.staff, role: 'boss' } } });
    await expect(callApi(adminCalls.getPermissionTree)).rejects.toMatchObject({ code: 0 });
  });

  it('turns a business code into the catalogue message, keeping its data', async () => {
    answer({ code: 4322, msg: 'whatever the server said', data: { fields: { email: 'email.invalid' } } });
    const error = await callApi(adminCalls.createStaff, {
      email: 'a@kaskita.test',
      name: 'A',
      role: 'finance',
      reason: 'r',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(4322);
    expect((error as ApiError).message).toBe('A staff member with this e-mail already exists');
    expect((error as ApiError).data).toEqual({ fields: { email: 'email.invalid' } });
  });

  it('a lost session (4047) forgets the token and returns to sign-in with the message', async () => {
    setSession({ token: 'tok-1', stage: 'ready', passwordChangeRequired: false });
    const ended = vi.fn();
    handleSessionEnd(ended);
    answer({ code: 4047, msg: 'x', data: null });
    await expect(callApi(adminCalls.getPermissionTree)).rejects.toMatchObject({ code: 4047 });
    expect(getSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(ended).toHaveBeenCalledWith(expect.stringMatching(/.+/));
  });

  it('a refusal for want of permission keeps the session', async () => {
    setSession({ token: 'tok-1', stage: 'ready', passwordChangeRequired: false });
    answer({ code: 4033, msg: 'x', data: null });
    await expect(callApi(adminCalls.getPermissionTree)).rejects.toMatchObject({ code: 4033 });
    expect(getSession()?.token).toBe('tok-1');
  });

  it('keeps the token in sessionStorage, never localStorage', () => {
    setSession({ token: 'tok-2', stage: 'ready', passwordChangeRequired: false });
    expect(sessionStorage.getItem('kaskita.admin.session')).toContain('tok-2');
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-2');
  });
});
