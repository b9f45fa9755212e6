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
 * GET users/list. `cancelPrevious`: a newer identical list request cancels the earlier one (spec 7),
 * and TanStack's own signal cancels a request whose query is no longer wanted.
 */
export async function getUsers(params: UserListQuery, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get(paths.users.list, userListResponseSchema, { params, signal, cancelPrevious: true });
}

export const usersQueryOptions = (params: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // Keep the current page on screen while the next one loads (no flash of an empty table).
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListQuery) {
  return useQuery(usersQueryOptions(params));
}
