import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserStatus } from '@kaskita/domain/contract/user';
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { answer } from '../../../test/api-answer.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { configureApi } from '../../../lib/api-effects.ts';
import { getUserStatus } from './get-user-status.ts';

const status: UserStatus = {
  verify: 2,
  loan_status: { bill_status: 1 },
  loan_info: { loan_fail_status: 0 },
  af_push_status: 0,
  af_status: 0,
  whatsapp_status: 0,
};

describe('user status (schema loaded with the request)', () => {
  const effects = { error: vi.fn(), warning: vi.fn() };
  beforeEach(() => {
    effects.error.mockClear();
    configureApi(effects);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("asks the contract's path and answers the schema's output", async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { ...status, internal_note: 'not in the contract' }));
    vi.stubGlobal('fetch', fetch);
    await expect(getUserStatus()).resolves.toEqual(status);
    expect((fetch.mock.calls[0] as [string])[0]).toBe(API_PREFIX + ENDPOINT.getUserStatus.path);
  });

  it('an answer the schema refuses is an ApiError, not a status the home page would act on', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, { ...status, verify: '2' })));
    const error: unknown = await getUserStatus().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(effects.error).toHaveBeenCalledWith('API ERROR');
  });
});
