/** @jest-environment jest-fixed-jsdom */
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startFakeServer } from '@sso/shared/testing/fake-server';
import { createUser } from '../../test-support/factories';
import { userScenarios } from '../../test-support/user-scenarios';
import { usersQueryOptions, useUsers } from './get-users';

const page = { data: [createUser({ id: 7 })], meta: { total: 1 } };
const server = startFakeServer(userScenarios.list(page.data));

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('usersQueryOptions', () => {
  it('does not fetch a page again when the page mounts the query its change prefetched', async () => {
    const { queryClient, wrapper } = setup();
    const params = { page: 1, perPage: 1000 };
    // The user's change prefetches; the answer lands before the page's own query takes the key.
    await act(() => queryClient.prefetchQuery(usersQueryOptions(params)));
    const { result } = renderHook(() => useUsers(params), { wrapper });
    expect(result.current.data).toEqual(page);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(server.requests).toHaveLength(1);
    expect(new URL(server.requests[0]!.url).searchParams.get('perPage')).toBe('1000');
  });

  it('fetches again once a write invalidates the lists', async () => {
    const { queryClient, wrapper } = setup();
    const params = { page: 1, perPage: 10 };
    const { result } = renderHook(() => useUsers(params), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(page));
    await act(() => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }));
    expect(server.requests).toHaveLength(2);
  });
});
