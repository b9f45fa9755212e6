import { useMemo, useState } from 'react';
import { Link, useNavigate } from '@sso/shared/navigation';
import { type Role, type RoleSortField } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { useCan } from '@sso/shared/session';
import { PageHeader, buttonClassName } from '@sso/shared/ui';
import { OWNER_ONLY_REASON, READ_ONLY_REASON, ROLE_NOT_COVERED_REASON, whyNot } from '@sso/shared/access';
import {
  type DataTableColumn,
  FilterFold,
  KebabMenu,
  ListToolbar,
  ListView,
  LogoStack,
  ListSearchField,
  Select,
  useListSearchParams,
  useRememberListPlace,
  useRowSelection,
} from '@sso/shared/ui-data';
import { useApplications } from '../reference-data/get-applications';
import { rolesText } from '../texts';
import { useRoles } from '../api/get-roles';
import { RoleNameCell } from './role-name-cell';
import { ROLE_LIST_OPTIONS, toRoleListParams } from './role-list-params';
import { useRoleDeletion } from './use-role-deletion';
import { useRolePrivilege } from '../privilege/role-privilege';
import { RoleDetailDrawer, usersOfRole } from './role-detail-drawer';
import styles from './role-list-page.module.css';

const columns: DataTableColumn<Role, RoleSortField>[] = [
  {
    id: 'name',
    header: rolesText.list.nameColumn,
    sortBy: 'name',
    phone: true,
    cell: (role) => <RoleNameCell role={role} />,
    width: '40%',
  },
  {
    id: 'members',
    header: rolesText.list.membersColumn,
    sortBy: 'member_count',
    phone: true,
    // The count links to the users list filtered on the role.
    cell: (role) => (
      <Link to={usersOfRole(role.id)} aria-label={rolesText.detail.membersLink(role.member_count, role.name)}>
        {rolesText.list.members(role.member_count)}
      </Link>
    ),
    width: '20%',
  },
  {
    id: 'apps',
    header: rolesText.list.appsColumn,
    cell: (role) => (
      <LogoStack
        items={role.applications.map((app) => ({ key: app.apps_id, name: app.apps_name, url: app.logo_url }))}
      />
    ),
  },
];

/**
 * /role-management (spec 2): search (500 ms, back to page 1), application filter ("Semua Aplikasi"),
 * roles with colour, member count and application logos, row and bulk delete, pagination. The list
 * state lives in the URL.
 */
export default function RoleListPage() {
  const navigate = useNavigate();
  // Viewer reads; modifier also adds and edits; owner also deletes (the api refuses the same).
  const can = useCan();
  const canEdit = can('editRole');
  const canDelete = can('deleteRole');
  const canCreate = can('createRole');
  // Beyond the level: no Edit or Hapus on a role the actor's role does not cover (issue 18).
  const privilege = useRolePrivilege();
  const list = useListSearchParams(ROLE_LIST_OPTIONS);
  useRememberListPlace(appPaths.roles.list);
  // Why not, or undefined when allowed: shown on the disabled action (issue 37).
  const whyNotEdit = (role: Role) =>
    whyNot([canEdit, READ_ONLY_REASON], [privilege.mayTouch(role), ROLE_NOT_COVERED_REASON]);
  const whyNotDelete = (role: Role) =>
    whyNot(
      [canDelete, canEdit ? OWNER_ONLY_REASON : READ_ONLY_REASON],
      [privilege.mayTouch(role), ROLE_NOT_COVERED_REASON],
    );
  const params = toRoleListParams(list);
  const roles = useRoles(params);
  const applications = useApplications();
  const selection = useRowSelection(JSON.stringify(params));
  const [detail, setDetail] = useState<Role | null>(null);
  const deletion = useRoleDeletion(
    () => {
      selection.clear();
      setDetail(null);
    },
    (ids) =>
      selection.setSelected(new Set([...selection.selected].filter((id) => !ids.includes(Number(id))))),
  );

  const rows = roles.data?.data ?? [];
  const filtered = params.keyword !== '' || params.appsId !== null;

  const appOptions = useMemo(
    () => (applications.data ?? []).map((app) => ({ value: app.id, label: app.name })),
    [applications.data],
  );

  return (
    <>
      <PageHeader
        title={t.roles.listTitle}
        actions={
          canCreate ? (
            <Link className={buttonClassName()} to={appPaths.roles.create}>
              {rolesText.list.add}
            </Link>
          ) : null
        }
      />
      <ListToolbar>
        <ListSearchField
          className={styles.search}
          label={rolesText.list.search}
          placeholder={rolesText.list.searchPlaceholder}
          list={list}
        />
        <FilterFold count={params.appsId === null ? 0 : 1}>
          <div className={styles.filter}>
            <Select
              label={rolesText.list.applicationFilter}
              hideLabel
              options={appOptions}
              value={params.appsId}
              loading={applications.isPending}
              clearLabel={t.roles.allApplications}
              onChange={(value) => list.setFilter('apps_id', value === null ? null : String(value))}
            />
          </div>
        </FilterFold>
      </ListToolbar>
      <ListView
        query={roles}
        list={list}
        filtered={filtered}
        table={{
          caption: rolesText.list.caption,
          columns,
          getRowId: (role) => role.id,
          onRowClick: setDetail,
          actions: (role) => (
            <KebabMenu
              label={rolesText.list.actions(role.name)}
              items={[
                { label: rolesText.detail.viewDetail, onSelect: () => setDetail(role) },
                {
                  label: t.common.edit,
                  onSelect: () => void navigate(appPaths.roles.edit(role)),
                  disabledReason: whyNotEdit(role),
                },
                {
                  label: t.common.delete,
                  tone: 'danger' as const,
                  onSelect: () => void deletion.deleteOne(role),
                  disabledReason: whyNotDelete(role),
                },
              ]}
            />
          ),
        }}
        texts={{
          failed: rolesText.list.failed,
          empty: t.roles.empty,
          emptyBody: rolesText.list.emptyBody,
          noMatchBody: rolesText.list.noMatchBody,
          count: (total) => `${total} role`,
        }}
        selection={
          canDelete
            ? {
                state: selection,
                rowLabel: (role) => rolesText.list.rowLabel(role.name),
                allLabel: rolesText.list.allLabel,
                // Only roles the bulk Hapus could apply to.
                isSelectable: (role) => whyNotDelete(role) === undefined,
                bulk: {
                  busy: deletion.busy,
                  onDelete: () =>
                    void deletion.deleteMany(rows.filter((role) => selection.selected.has(role.id))),
                },
              }
            : undefined
        }
      />
      <RoleDetailDrawer
        role={detail}
        onClose={() => setDetail(null)}
        onEdit={(role) => void navigate(appPaths.roles.edit(role))}
        onDelete={(role) => void deletion.deleteOne(role)}
        whyNot={detail ? { edit: whyNotEdit(detail), delete: whyNotDelete(detail) } : undefined}
        deleting={deletion.busy}
      />
    </>
  );
}
