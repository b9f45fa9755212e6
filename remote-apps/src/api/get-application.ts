import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { applicationDetailResponseSchema, paths, type ApplicationDetail } from '@sso/shared/contract';
import { applicationKeys } from '@sso/shared/query';

/** GET applications/detail/{id}: the application, its menu tree and the roles granting it. */
export async function getApplication(id: number, signal?: AbortSignal): Promise<ApplicationDetail> {
  const response = await api.get(paths.applications.detail(id), applicationDetailResponseSchema, { signal });
  return response.data;
}

export const applicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: applicationKeys.detail(id),
    queryFn: ({ signal }) => getApplication(id, signal),
  });

export function useApplication(id: number | null) {
  return useQuery({ ...applicationQueryOptions(id ?? 0), enabled: id !== null });
}
