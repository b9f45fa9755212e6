import { auditResults, type AuditListQuery } from '@sso/shared/contract';
import { isPositiveIntParam, type ListSearchOptions, type ListSearchState } from '@sso/shared/ui-data';
import { parseDayKey, zoneOffset } from './event-time';

/**
 * URL filters of Log Aktivitas: `?user=12` (actor or target), `action=user.update` or a kind
 * (`user`, `auth`), `result=refused`, `from`/`to` days (`YYYY-MM-DD`), `target_type` and
 * `target_id`. A bad value in the address counts as unset (never an error page).
 */
export const AUDIT_FILTERS = ['user', 'action', 'result', 'from', 'to', 'target_type', 'target_id'] as const;
export type AuditFilter = (typeof AUDIT_FILTERS)[number];

/** Sorting: by time only (newest first unless `sort=asc`). */
export const AUDIT_SORT = ['at'] as const;
export type AuditSortField = (typeof AUDIT_SORT)[number];

const validFilter = (key: AuditFilter, value: string): boolean => {
  switch (key) {
    case 'user':
      return isPositiveIntParam(value);
    case 'result':
      return auditResults.some((result) => result === value);
    case 'from':
    case 'to':
      return parseDayKey(value) !== undefined;
    case 'action':
      return /^[a-z_]+(\.[a-z_]+)?$/.test(value);
    case 'target_type':
      return /^[a-z_]+$/.test(value);
    case 'target_id':
      return /^[0-9A-Za-z_-]{1,64}$/.test(value);
  }
};

export const AUDIT_LIST_OPTIONS: ListSearchOptions<AuditFilter, AuditSortField> = {
  filters: AUDIT_FILTERS,
  isValidFilter: validFilter,
  sortable: AUDIT_SORT,
};

/** The list state of the URL → the api's query (list and CSV alike, so the CSV is what is shown). */
export function toAuditQuery(state: ListSearchState<AuditFilter, AuditSortField>): AuditListQuery {
  const f = state.filters;
  return {
    page: state.page,
    perPage: state.perPage,
    keyword: state.keyword || undefined,
    sort: state.sort?.direction,
    user: f.user === undefined ? undefined : Number(f.user),
    action: f.action,
    result: f.result === undefined ? undefined : auditResults.find((r) => r === f.result),
    from: f.from,
    to: f.to,
    target_type: f.target_type,
    target_id: f.target_id,
    tz: f.from !== undefined || f.to !== undefined ? zoneOffset(parseDayKey(f.from ?? f.to)) : undefined,
  };
}

/** Whether any filter or search narrows the list (the empty state says "no match" then). */
export const isFiltered = (state: ListSearchState<AuditFilter, AuditSortField>): boolean =>
  state.keyword !== '' || Object.keys(state.filters).length > 0;
