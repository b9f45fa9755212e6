import type { ReactNode } from 'react';
import { toApiError } from '@sso/shared/api';
import { formatNumber, t } from '@sso/shared/i18n';
import { StatePanel } from '@sso/shared/ui';
import { BulkBar, type BulkBarProps } from './bulk-bar';
import { DataTable, type DataTableProps, type DataTableSelection } from './data-table';
import { Pagination } from './pagination';
import type { RowSelection } from './row-selection';
import type { ListSort } from './list-search-params';
import { usePageInRange } from './use-page-in-range';

/** What the view reads of the list's query (TanStack's result of a `data[]` + `meta.total` answer). */
export interface ListViewQuery<T> {
  data?: { data: T[]; meta: { total: number } } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What the view reads of the list's URL state (`useListSearchParams`). */
export interface ListViewState<S extends string> {
  page: number;
  perPage: number;
  sort?: ListSort<S> | undefined;
  setSort: (sort: ListSort<S> | null) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  update: (patch: { page: number }, options: { replace: boolean }) => void;
}

export interface ListViewProps<T, S extends string> {
  query: ListViewQuery<T>;
  list: ListViewState<S>;
  /** The table's definition: caption, columns, row id, row click, row actions, muted rows. */
  table: Pick<
    DataTableProps<T, S>,
    'caption' | 'columns' | 'getRowId' | 'onRowClick' | 'actions' | 'rowMuted'
  >;
  /** Whether a search or filter narrows the list (an empty answer is then "no match"). */
  filtered: boolean;
  texts: {
    /** Title of the error state (the body is the api's message). */
    failed: string;
    /** Title and body of the true empty state (nothing at all yet). */
    empty: string;
    emptyBody: string;
    /** Body of the no-match state ("Data tidak ditemukan"). */
    noMatchBody: string;
    /** What screen readers hear when an answer comes ("12 role"); none: nothing. */
    count?: (total: string) => string;
  };
  /** The true empty state's action (e.g. Tambah User for whoever may add). */
  emptyAction?: ReactNode;
  /** Row boxes and the bulk bar; left out, rows are not selectable. */
  selection?: {
    state: RowSelection;
    rowLabel: DataTableSelection<T>['rowLabel'];
    allLabel?: string;
    isSelectable?: (row: T) => boolean;
    bulk: Omit<BulkBarProps, 'count' | 'onClose'>;
  };
  /** Pages offered past this many rows are not counted (Log Aktivitas counts up to 10,000). */
  maxTotal?: number;
  pageSizes?: readonly number[];
  /** Shown between the table and the pagination (e.g. "Lebih dari 10.000 aktivitas cocok"). */
  note?: ReactNode;
}

/**
 * The body of every list page, below its header and filters (issue 29): decides once the first
 * load (placeholder rows), the error (the api's message and Coba lagi), the true empty state (in
 * place of the table), no match (inside the table), selection with its bulk bar, the pagination
 * (moving a page past the end to the last one) and the count screen readers hear. A page is its
 * table definition, its filters and its actions.
 */
export function ListView<T, S extends string>({
  query,
  list,
  table,
  filtered,
  texts,
  emptyAction,
  selection,
  maxTotal,
  pageSizes,
  note,
}: ListViewProps<T, S>) {
  const lastPage = usePageInRange(list, query);
  const rows = query.data?.data ?? [];
  const total = Math.min(query.data?.meta.total ?? 0, maxTotal ?? Number.POSITIVE_INFINITY);
  const bulkBar = selection ? (
    <BulkBar {...selection.bulk} count={selection.state.selected.size} onClose={selection.state.clear} />
  ) : null;

  if (query.isError && !query.data) {
    return (
      <StatePanel
        tone="error"
        title={texts.failed}
        body={toApiError(query.error).message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.isPending && total === 0 && !filtered) {
    return <StatePanel title={texts.empty} body={texts.emptyBody} action={emptyAction} />;
  }
  return (
    <>
      <DataTable
        {...table}
        rows={rows}
        sort={{ current: list.sort, onSort: list.setSort }}
        busy={query.isFetching && !query.isPending}
        loading={query.isPending}
        skeletonRows={Math.min(list.perPage, 10)}
        selection={
          selection
            ? {
                selected: selection.state.selected,
                onChange: selection.state.setSelected,
                rowLabel: selection.rowLabel,
                allLabel: selection.allLabel,
                isSelectable: selection.isSelectable,
              }
            : undefined
        }
        empty={<StatePanel title={t.common.notFound} body={texts.noMatchBody} />}
      />
      {note}
      {total > 0 ? (
        <Pagination
          page={Math.min(list.page, lastPage)}
          pageSize={list.perPage}
          total={total}
          onPageChange={list.setPage}
          onPageSizeChange={list.setPerPage}
          pageSizes={pageSizes}
        />
      ) : null}
      {texts.count ? (
        <p className="sso-visually-hidden" aria-live="polite">
          {query.data ? texts.count(formatNumber(total)) : ''}
        </p>
      ) : null}
      {bulkBar}
    </>
  );
}
