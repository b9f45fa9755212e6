// Jest's manual mock (`jest.mock('./api/get-users')`). Tests take `givenUsers` from the mocked module
// (`jest.requireMock`), so it sets the very `useUsers` the page calls.
import type { User } from '@sso/shared/contract';

export const useUsers = jest.fn();

// The page prefetches the next page's query at the user's change (never answered here).
export const usersQueryOptions = (query: unknown) => ({
  queryKey: ['users', query],
  queryFn: () => new Promise(() => undefined),
});

/** Scenario helper: the users list answers these rows and total. */
export function givenUsers(rows: User[], total = rows.length): void {
  useUsers.mockReturnValue({
    isPending: false,
    isError: false,
    isSuccess: true,
    isPlaceholderData: false,
    data: { data: rows, meta: { total } },
    refetch: jest.fn(),
  });
}
