import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { paths, userAccountResponseSchema, type UserAccount } from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/** GET users/{id}/account. */
export async function getUserAccount(id: number, signal?: AbortSignal): Promise<UserAccount> {
  return (await api.get(paths.users.account(id), userAccountResponseSchema, { signal })).data;
}

export const userAccountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.account(id),
    queryFn: ({ signal }) => getUserAccount(id, signal),
    // Sessions and locks change by themselves: read again whenever the drawer opens.
    staleTime: 0,
    retry: false,
  });

/** The account of the drawer's user; not asked for (`enabled` false) without the edit capability. */
export function useUserAccount(id: number, enabled: boolean) {
  return useQuery({ ...userAccountQueryOptions(id), enabled });
}
