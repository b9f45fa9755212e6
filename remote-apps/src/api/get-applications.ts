import { useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  applicationListResponseSchema,
  paths,
  type ApplicationListQuery,
  type ApplicationListResponse,
  type ApplicationSortField,
  type SortDirection,
} from '@sso/shared/contract';
import { applicationKeys, listPageQueryOptions } from '@sso/shared/query';

export interface ApplicationListParams {
  page: number;
  perPage: number;
  keyword: string;
  /** Column and direction (`sortBy`, `sort`); absent: the api's default order (newest first). */
  sort?: { by: ApplicationSortField; direction: SortDirection };
}

/** The query GET applications/list is sent with (and the list's cache key). */
export function applicationListQuery(params: ApplicationListParams): ApplicationListQuery {
  return {
    page: params.page,
    perPage: params.perPage,
    keyword: params.keyword || undefined,
    sortBy: params.sort?.by,
    sort: params.sort?.direction,
  };
}

/** GET applications/list; a newer list request cancels the one still in flight (spec 7). */
export function getApplications(
  params: ApplicationListParams,
  signal?: AbortSignal,
): Promise<ApplicationListResponse> {
  return api.get(paths.applications.list, applicationListResponseSchema, {
    params: applicationListQuery(params),
    signal,
    cancelPrevious: true,
  });
}

export const applicationsQueryOptions = (params: ApplicationListParams) =>
  listPageQueryOptions(applicationKeys.list(applicationListQuery(params)), (signal) =>
    getApplications(params, signal),
  );

export function useApplications(params: ApplicationListParams) {
  return useQuery(applicationsQueryOptions(params));
}
