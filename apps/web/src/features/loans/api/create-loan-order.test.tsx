import type { ReactNode } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationCalls, type LimitAmount } from '@kaskita/domain/contract/application';
import { VERIFY, type UserStatus } from '@kaskita/domain/contract/user';
import { callApi } from '../../../lib/api-client.ts';
import { configureApi } from '../../../lib/api-effects.ts';
import { applicationKeys, userKeys } from '../../../lib/query-keys.ts';
import { LOCAL_KEYS } from '../../../lib/storage-keys.ts';
import { answer, contractServer, type Wire } from '../../../test/api-answer.ts';
import { createTestQueryClient } from '../../../test/render-app.tsx';
import { order } from '../components/loans-test-fixtures.ts';
import { useCreateLoanOrder } from './create-loan-order.ts';

const fetch = vi.fn();
beforeEach(() => {
  fetch.mockReset();
  vi.stubGlobal('fetch', fetch);
  configureApi({ error: vi.fn(), warning: vi.fn(), navigate: vi.fn() });
  localStorage.setItem(LOCAL_KEYS.token, 'tok');
});

const limit = (available: number): Wire<LimitAmount> => ({
  approved: true,
  limit_amount: 5_000_000,
  used_amount: 5_000_000 - available,
  available_amount: available,
});
const approved: UserStatus = {
  verify: VERIFY.APPROVED,
  loan_status: { bill_status: 0 },
  loan_info: { loan_fail_status: 0 },
  af_push_status: 0,
  af_status: 0,
  whatsapp_status: 1,
};

describe('a loan order refreshes what it changed', () => {
  it('the available limit on screen and the cached home status are read again once the order is made', async () => {
    let ordered = false;
    fetch.mockImplementation(
      contractServer({
        getLimitAmount: () => answer(200, limit(ordered ? 2_000_000 : 5_000_000)),
        createLoanOrder: () => {
          ordered = true;
          return answer(200, order);
        },
      }),
    );
    const client = createTestQueryClient();
    client.setQueryData(userKeys.status, approved);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The application feature's limit (the home's "available to borrow"), observed under the shared key.
    const { result } = renderHook(
      () => ({
        limit: useQuery({
          queryKey: applicationKeys.limit,
          queryFn: () => callApi(applicationCalls.getLimitAmount, undefined),
        }),
        borrow: useCreateLoanOrder(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.limit.data?.available_amount).toBe(5_000_000));

    await act(() =>
      result.current.borrow.mutateAsync({
        pid: 'cash-loan',
        money: 3_000_000,
        period: 'month-3-3',
        purpose_id: 101,
        agreement_version: '2026-03',
        agree: 1,
        order_token: 'order-token-1',
      }),
    );
    await waitFor(() => expect(result.current.limit.data?.available_amount).toBe(2_000_000));
    // Not on screen here, so not fetched yet: the home asks for it again when it next shows.
    expect(client.getQueryState(userKeys.status)?.isInvalidated).toBe(true);
  });
});
