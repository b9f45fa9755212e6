import type { User, UserSortField } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { LogoStack, RoleChip, type DataTableColumn } from '@sso/shared/ui-data';
import { UnitCodes } from './unit-codes';
import { texts } from '../texts';
import { LastSignIn } from '../shared/last-sign-in';
import { StatusChip } from '../shared/status-chip';
import styles from './user-list-page.module.css';

/**
 * Columns of spec 2: name, NIK, phone, role chip, AP logos, unit codes (the first four sort, spec 7
 * `sortBy`); then the account's status and last sign-in (sortable). On phones: name, role and status
 * (issue 37); the rest is in the row's Detail User.
 */
export const userColumns: DataTableColumn<User, UserSortField>[] = [
  {
    id: 'nama',
    header: t.users.fieldName,
    width: '14%',
    sortBy: 'nama',
    phone: true,
    cell: (user) => <span className={styles.name}>{user.nama}</span>,
  },
  { id: 'nik', header: t.users.fieldNik, width: '10%', sortBy: 'nik', cell: (user) => user.nik },
  // Wide enough for a 13-digit number in full, also at the table's smallest width (phones).
  { id: 'phone', header: t.users.fieldPhone, width: '18%', sortBy: 'phone', cell: (user) => user.phone },
  {
    id: 'role',
    header: t.users.fieldRole,
    width: '11%',
    sortBy: 'role_name',
    phone: true,
    cell: (user) => <RoleChip name={user.role_name} color={user.color_hex_code} />,
  },
  {
    id: 'ap',
    header: t.users.fieldAp,
    width: '10%',
    cell: (user) => (
      <LogoStack
        items={user.perusahaan.map((company) => ({
          key: company.perusahaan_id,
          name: company.perusahaan_name,
          url: company.perusahaan_logo_url,
        }))}
      />
    ),
  },
  {
    id: 'unit',
    header: t.users.fieldUnit,
    width: '13%',
    cell: (user) => <UnitCodes companies={user.perusahaan} />,
  },
  {
    id: 'status',
    header: texts.fieldStatus,
    width: '10%',
    phone: true,
    cell: (user) => <StatusChip active={user.is_active} />,
  },
  {
    id: 'last_login_at',
    header: texts.lastSignIn,
    width: '14%',
    sortBy: 'last_login_at',
    cell: (user) => <LastSignIn iso={user.last_login_at} />,
  },
];
