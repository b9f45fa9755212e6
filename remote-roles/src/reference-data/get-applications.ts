import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { applicationsResponseSchema, paths, type Application } from '@sso/shared/contract';
import { referenceKeys } from '@sso/shared/query';

/** GET applications: every application of the group (role form list, list filter). */
export async function getApplications(): Promise<Application[]> {
  const response = await api.get(paths.reference.applications, applicationsResponseSchema);
  return response.data;
}

export const applicationsQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.applications(),
    queryFn: getApplications,
    staleTime: 5 * 60 * 1000,
  });

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
