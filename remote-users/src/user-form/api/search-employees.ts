import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  employeeSearchResponseSchema,
  paths,
  type Employee,
  type EmployeeSearchQuery,
} from '@sso/shared/contract';
import { userKeys } from '@sso/shared/query';

/** Spec 5 and 9: name search starts at 2 characters, limit 20. */
export const EMPLOYEE_SEARCH_MIN_CHARS = 2;
export const EMPLOYEE_SEARCH_LIMIT = 20;

/** GET user-temporary/search: the employee directory, page 1, 20 matches. */
export async function searchEmployees(keyword: string, signal?: AbortSignal): Promise<Employee[]> {
  const params: EmployeeSearchQuery = { page: 1, limit: EMPLOYEE_SEARCH_LIMIT, keyword };
  const response = await api.get(paths.reference.employeeSearch, employeeSearchResponseSchema, {
    params,
    signal,
    cancelPrevious: true,
  });
  return response.data;
}

export const employeeSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: userKeys.employees(keyword),
    queryFn: ({ signal }) => searchEmployees(keyword, signal),
    enabled: keyword.length >= EMPLOYEE_SEARCH_MIN_CHARS,
    staleTime: 60 * 1000,
  });

export function useEmployeeSearch(keyword: string) {
  return useQuery(employeeSearchQueryOptions(keyword.trim()));
}
