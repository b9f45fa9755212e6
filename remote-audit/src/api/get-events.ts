import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@sso/shared/api';
import {
  auditListResponseSchema,
  auditPaths,
  type AuditListQuery,
  type AuditListResponse,
} from '@sso/shared/contract';
import { auditKeys } from '@sso/shared/query';

/** GET audit/list; a newer list request cancels the one still in flight. */
export function getEvents(query: AuditListQuery, signal?: AbortSignal): Promise<AuditListResponse> {
  return api.get(auditPaths.list, auditListResponseSchema, { params: query, signal, cancelPrevious: true });
}

export const eventsQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getEvents(query, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(query: AuditListQuery) {
  return useQuery(eventsQueryOptions(query));
}
