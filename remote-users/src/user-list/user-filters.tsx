import { safeHexColor } from '@sso/shared/ui';
import { FilterSelect, type FilterSelectProps } from '@sso/shared/ui-data';
import styles from './user-list-page.module.css';
import { texts } from '../texts';
import { useCompanies } from '../reference-data/get-companies';
import { useRoleOptions } from '../reference-data/get-role-options';
import { apOptions, roleOptions, unitBelongsTo, unitOptions } from './user-filter-options';
import { isUserStatusFilter, type UserFilter } from './user-list-params';
import type { UserStatusFilter } from '@sso/shared/contract';

const statusOptions: { value: UserStatusFilter; label: string }[] = [
  { value: 'active', label: texts.statusActive },
  { value: 'inactive', label: texts.statusInactive },
];

export interface UserFiltersProps {
  values: Partial<Record<UserFilter, string>>;
  /** Sets one filter (null clears it); several keys at once reset page 1 once. */
  onChange: (patch: Partial<Record<UserFilter, string>>) => void;
}

const toId = (value: string | undefined) => (value === undefined ? null : Number(value));

/** One filter of the toolbar: a select named by its label (hidden: the placeholder shows it). */
function ToolbarFilter<V extends string | number>(props: Omit<FilterSelectProps<V>, 'hideLabel'>) {
  return (
    <div className={styles.filter}>
      <FilterSelect {...props} hideLabel />
    </div>
  );
}

/**
 * Filters by AP, unit and role (spec 2), each filtering its options as you type; units are grouped
 * by AP and narrowed to the chosen AP; and by status. Each change resets to page 1 (spec 4).
 */
export function UserFilters({ values, onChange }: UserFiltersProps) {
  const companies = useCompanies();
  const roles = useRoleOptions();
  const apId = toId(values.perusahaan_id);
  const companyList = companies.data ?? [];
  const setId = (key: UserFilter) => (next: number | null) =>
    onChange({ [key]: next === null ? '' : String(next) });
  return (
    <>
      <ToolbarFilter
        label={texts.filterAp}
        clearLabel={texts.allAp}
        options={apOptions(companyList)}
        value={apId}
        loading={companies.isPending}
        onChange={(next) => {
          const unitId = toId(values.cabang_id);
          const keepUnit = next === null || unitId === null || unitBelongsTo(companyList, next, unitId);
          onChange({
            perusahaan_id: next === null ? '' : String(next),
            ...(keepUnit ? {} : { cabang_id: '' }),
          });
        }}
      />
      <ToolbarFilter
        label={texts.filterUnit}
        clearLabel={texts.allUnit}
        options={unitOptions(companyList, apId)}
        value={toId(values.cabang_id)}
        loading={companies.isPending}
        onChange={setId('cabang_id')}
      />
      <ToolbarFilter
        label={texts.filterRole}
        clearLabel={texts.allRole}
        options={roleOptions(roles.data ?? []).map((o) => ({ ...o, color: safeHexColor(o.color) }))}
        value={toId(values.role_id)}
        loading={roles.isPending}
        onChange={setId('role_id')}
      />
      <ToolbarFilter
        label={texts.filterStatus}
        clearLabel={texts.allStatus}
        options={statusOptions}
        value={isUserStatusFilter(values.status) ? values.status : null}
        onChange={(next) => onChange({ status: next ?? '' })}
      />
    </>
  );
}
