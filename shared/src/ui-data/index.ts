// @sso/shared/ui-data: the list and overlay kit (tables, filters, menus, drawer, selects).
// Separate from @sso/shared/ui so first screens such as /login do not load it.
export { Select, type SelectOption, type SelectProps } from './select';
export {
  FilterSelect,
  filterOptions,
  foldForSearch,
  type FilterSelectOption,
  type FilterSelectProps,
} from './filter-select';
export { Pagination, type PaginationProps } from './pagination';
export {
  pageItems,
  pageCount,
  pageSizeOptions,
  DEFAULT_PAGE_SIZE,
  COLLAPSE_THRESHOLD,
  type PageItem,
} from './pagination-model';
// List kit (Checkbox, KebabMenu, BulkBar, LogoStack, ColorDot, RoleChip, SearchField, Drawer,
// DataTable, selection and URL list state): built with remote-users, reused by remote-roles.
export { Checkbox, type CheckboxProps, type CheckboxState } from './checkbox';
export { KebabMenu, type KebabMenuItem, type KebabMenuProps } from './kebab-menu';
export { BulkBar, type BulkBarProps } from './bulk-bar';
export { LogoStack, type LogoStackItem, type LogoStackProps } from './logo-stack';
export { splitOverflow, overflowLabel, OVERFLOW_VISIBLE, type OverflowSplit } from './overflow';
export { ColorDot, type ColorDotProps } from './color-dot';
export { RoleChip, readableTextColor, type RoleChipProps } from './role-chip';
export { ListSearchField, SearchField, type SearchFieldProps } from './search-field';
export { ListToolbar } from './list-toolbar';
export { useDebouncedValue, SEARCH_DEBOUNCE_MS } from './use-debounced-value';
export { Drawer, type DrawerProps } from './drawer';
export { DetailList } from './detail-list';
export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSelection,
  type DataTableSort,
} from './data-table';
export {
  useRowSelection,
  selectAllState,
  toggleAll,
  toggleOne,
  type RowId,
  type RowSelection,
} from './row-selection';
export {
  parseListSearchParams,
  writeListSearchParams,
  isPositiveIntParam,
  LIST_PARAM,
  type ListSearchState,
  type ListSearchOptions,
  type ListSort,
  type SortDirection,
} from './list-search-params';
export { useListSearchParams, type ListSearchParams } from './use-list-search-params';
export { usePageInRange, type ListQueryResult } from './use-page-in-range';
export { useConfirmedDelete, refuseInUse, runAndToast, type DeleteQuestion } from './use-confirmed-delete';
export { Tooltip, type TooltipProps } from './tooltip';
export { Combobox, type ComboboxProps } from './combobox';
export { MultiSelect, type MultiSelectProps, type MultiSelectAllOption } from './multi-select';
export { HomeListTotal, HomeStat, type HomeStatProps } from './home-stat';
// Issue 37: say why (disabled actions with their reason), filters folded on phones, return to the list's place.
export { ActionButton, type ActionButtonProps } from './action-button';
export { FilterFold, type FilterFoldProps } from './filter-fold';
export { listReturnPath, useListReturn, useRememberListPlace } from './list-return';
export { BackToListLink } from './back-to-list-link';
export {
  EditRecordPage,
  InvalidLinkState,
  type EditRecordPageProps,
  type EditRecordText,
} from './edit-record-page';
export { SaveActions } from './save-actions';
export { RecordDrawer, type RecordDrawerHandlers } from './record-drawer';
export { downloadCsv, saveCsv } from './csv-download';
// Issue 29: the body of every list page (loading, error, empty, no match, selection, bulk bar, pages).
export { ListView, type ListViewProps, type ListViewQuery, type ListViewState } from './list-view';
