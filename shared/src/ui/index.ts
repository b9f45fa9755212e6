import './tokens.css';

export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Spinner } from './spinner';
export { TextField, type TextFieldProps } from './text-field';
export { PasswordField } from './password-field';
export { Select, type SelectOption, type SelectProps } from './select';
export { Toaster, toast, TOAST_DURATION_MS } from './toast';
export { ConfirmDialogHost, confirm, type ConfirmOptions, type ConfirmVariant } from './confirm-dialog';
export { Pagination, type PaginationProps } from './pagination';
export {
  pageItems,
  pageCount,
  pageSizeOptions,
  DEFAULT_PAGE_SIZE,
  COLLAPSE_THRESHOLD,
  type PageItem,
} from './pagination-model';
export { useLeaveConfirmation } from './use-leave-confirmation';
export { StatePanel, type StatePanelProps } from './state-panel';
export { PageHeader } from './page-header';
export { safeHttpUrl, safeHexColor } from './safe-values';
export * from './icons';
export { OtpInput, emptyOtp, otpCode, fillOtp, type OtpInputProps } from './otp-input';
// List kit (Checkbox, KebabMenu, BulkBar, LogoStack, ColorDot, RoleChip, SearchField, Drawer,
// DataTable, selection and URL list state): built with remote-users, reused by remote-roles.
export { Checkbox, type CheckboxProps, type CheckboxState } from './checkbox';
export { KebabMenu, type KebabMenuItem, type KebabMenuProps } from './kebab-menu';
export { BulkBar, type BulkBarProps } from './bulk-bar';
export { LogoStack, type LogoStackItem, type LogoStackProps } from './logo-stack';
export { splitOverflow, overflowLabel, OVERFLOW_VISIBLE, type OverflowSplit } from './overflow';
export { ColorDot, type ColorDotProps } from './color-dot';
export { RoleChip, readableTextColor, type RoleChipProps } from './role-chip';
export { SearchField, type SearchFieldProps } from './search-field';
export { useDebouncedValue, SEARCH_DEBOUNCE_MS } from './use-debounced-value';
export { Drawer, type DrawerProps } from './drawer';
export { DataTable, type DataTableColumn, type DataTableProps, type DataTableSelection } from './data-table';
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
} from './list-search-params';
export { useListSearchParams, type ListSearchParams } from './use-list-search-params';
export { Tooltip, type TooltipProps } from './tooltip';
export { Combobox, type ComboboxProps } from './combobox';
export { MultiSelect, type MultiSelectProps, type MultiSelectAllOption } from './multi-select';
