import { useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  applicationListResponseSchema,
  paths,
  type ApplicationListQuery,
  type ApplicationListResponse,
  type ApplicationSortField,
} from '@sso/shared/contract';
import { applicationKeys, listPageQuery, listPageQueryOptions, type ListPageParams } from '@sso/shared/query';

/** The page, keyword and order of App Management; no order: the api's default (newest first). */
export type ApplicationListParams = ListPageParams<ApplicationSortField>;

/** The query GET applications/list is sent with (and the list's cache key). */
export const applicationListQuery = (params: ApplicationListParams): ApplicationListQuery =>
  listPageQuery(params);

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
