import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  paths,
  userListResponseSchema,
  type UserListQuery,
  type UserListResponse,
} from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/**
 * How long an answer counts as fresh. The page prefetches the next page at the user's change, and
 * its own query takes that key over a moment later (after the router's render, whose effects may
 * run after the answer came): with no freshness at all, that answer was stale on arrival and the
 * same page was fetched, parsed and rendered a second time. Writes invalidate the lists anyway.
 */
export const USER_LIST_FRESH_MS = 5_000;

/**
 * GET users/list, checked by the contract's schema (a page may hold 1,000 users: ADR 0006 has the
 * cost). `cancelPrevious`: a newer identical list request cancels the
 * earlier one (spec 7), and TanStack's own signal cancels a request whose query is no longer wanted.
 */
export async function getUsers(params: UserListQuery, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get(paths.users.list, userListResponseSchema, { params, signal, cancelPrevious: true });
}

export const usersQueryOptions = (params: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    staleTime: USER_LIST_FRESH_MS,
    // Keep the current page on screen while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListQuery) {
  return useQuery(usersQueryOptions(params));
}
