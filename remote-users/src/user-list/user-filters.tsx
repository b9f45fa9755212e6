import { safeHexColor } from '@sso/shared/ui';
import { FilterSelect } from '@sso/shared/ui-data';
import styles from './user-list-page.module.css';
import { texts } from '../texts';
import { useCompanies } from '../reference-data/get-companies';
import { useRoleOptions } from '../reference-data/get-role-options';
import { apOptions, roleOptions, unitBelongsTo, unitOptions } from './user-filter-options';
import type { UserFilter } from './user-list-params';

export interface UserFiltersProps {
  values: Partial<Record<UserFilter, string>>;
  /** Sets one filter (null clears it); several keys at once reset page 1 once. */
  onChange: (patch: Partial<Record<UserFilter, string>>) => void;
}

const toId = (value: string | undefined) => (value === undefined ? null : Number(value));

/**
 * Filters by AP, unit and role (spec 2), each filtering its options as you type; units are grouped
 * by AP and narrowed to the chosen AP. Each change resets to page 1 (spec 4).
 */
export function UserFilters({ values, onChange }: UserFiltersProps) {
  const companies = useCompanies();
  const roles = useRoleOptions();
  const apId = toId(values.perusahaan_id);
  const companyList = companies.data ?? [];
  return (
    <>
      <div className={styles.filter}>
        <FilterSelect
          label={texts.filterAp}
          hideLabel
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
      </div>
      <div className={styles.filter}>
        <FilterSelect
          label={texts.filterUnit}
          hideLabel
          clearLabel={texts.allUnit}
          options={unitOptions(companyList, apId)}
          value={toId(values.cabang_id)}
          loading={companies.isPending}
          onChange={(next) => onChange({ cabang_id: next === null ? '' : String(next) })}
        />
      </div>
      <div className={styles.filter}>
        <FilterSelect
          label={texts.filterRole}
          hideLabel
          clearLabel={texts.allRole}
          options={roleOptions(roles.data ?? []).map((o) => ({ ...o, color: safeHexColor(o.color) }))}
          value={toId(values.role_id)}
          loading={roles.isPending}
          onChange={(next) => onChange({ role_id: next === null ? '' : String(next) })}
        />
      </div>
    </>
  );
}
