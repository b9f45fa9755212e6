import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import { companiesResponseSchema, paths, type Company } from '@sso/shared/contract';
import { referenceKeys } from '@sso/shared/query';

/** GET company/companies-with-branches: every AP with its units (the list sits under data.data). */
export async function getCompanies(): Promise<Company[]> {
  const response = await api.get(paths.reference.companies, companiesResponseSchema);
  return response.data.data;
}

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: referenceKeys.companies(), queryFn: getCompanies, staleTime: 5 * 60 * 1000 });

export function useCompanies() {
  return useQuery(companiesQueryOptions());
}
