import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@sso/shared/navigation';
import { type User } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { useCan } from '@sso/shared/session';
import { Button, PageHeader } from '@sso/shared/ui';
import {
  OWNER_ONLY_REASON,
  OWN_ACCOUNT_DELETE_MESSAGE,
  OWN_ACCOUNT_STATUS_REASON,
  READ_ONLY_REASON,
  USER_NOT_COVERED_REASON,
  whyNot,
} from '@sso/shared/access';
import {
  FilterFold,
  KebabMenu,
  ListView,
  ListSearchField,
  useListSearchParams,
  useRememberListPlace,
  useRowSelection,
  type ListSearchState,
} from '@sso/shared/ui-data';
import styles from './user-list-page.module.css';
import { texts } from '../texts';
import { useUsers, usersQueryOptions } from './api/get-users';
import { userColumns } from './user-columns';
import { UserDetailDrawer } from './user-detail-drawer';
import { UserFilters } from './user-filters';
import { USER_LIST_OPTIONS, toUserListQuery, type UserFilter } from './user-list-params';
import type { UserSortField } from '@sso/shared/contract';
import { useUserDeletion } from './use-user-deletion';
import { useUserPrivilege } from '../privilege/user-privilege';
import { useStatusChange } from './account/use-status-change';
import { bulkTexts } from '../shared/bulk-texts';
import { ExportButton } from './bulk/export-button';
import { UserBulkActions } from './bulk/user-bulk-actions';

/** `/user-management`: the users list of spec 2, its state in the URL (spec 4 "Lists"). */
export default function UserListPage() {
  const navigate = useNavigate();
  // Viewer reads; modifier also adds and edits; owner also deletes (the api refuses the same).
  const can = useCan();
  const canEdit = can('editUser');
  const canDelete = can('deleteUser');
  const canCreate = can('createUser');
  // Beyond the level: no Edit or Hapus on a stronger account, no Hapus on one's own (issue 18).
  const privilege = useUserPrivilege();
  // Why not, or undefined when allowed: a row menu and the drawer show the action disabled with it (issue 37).
  const whyNotEdit = (user: User) =>
    whyNot([canEdit, READ_ONLY_REASON], [privilege.mayTouch(user), USER_NOT_COVERED_REASON]);
  const whyNotDelete = (user: User) =>
    whyNot(
      [canDelete, canEdit ? OWNER_ONLY_REASON : READ_ONLY_REASON],
      [privilege.mayTouch(user), USER_NOT_COVERED_REASON],
      [!privilege.isSelf(user), OWN_ACCOUNT_DELETE_MESSAGE],
    );
  const mayDelete = (user: User) => whyNotDelete(user) === undefined;
  const queryClient = useQueryClient();
  // The next page's request starts at the click or select, not after the router's re-render.
  const prefetch = useCallback(
    (next: ListSearchState<UserFilter, UserSortField>) =>
      void queryClient.prefetchQuery(usersQueryOptions(toUserListQuery(next))),
    [queryClient],
  );
  const list = useListSearchParams(USER_LIST_OPTIONS, prefetch);
  useRememberListPlace(appPaths.users.list);
  const query = toUserListQuery(list);
  const users = useUsers(query);
  const selection = useRowSelection(JSON.stringify(query));
  const [detail, setDetail] = useState<User | null>(null);
  const deletion = useUserDeletion(() => {
    setDetail(null);
    selection.clear();
  });
  // Account lifecycle: editors of users deactivate and activate accounts their role covers, not
  // their own (issue 24; the api refuses the same).
  const whyNotManage = (user: User) =>
    whyNotEdit(user) ?? whyNot([!privilege.isSelf(user), OWN_ACCOUNT_STATUS_REASON]);
  const mayManage = (user: User) => whyNotManage(user) === undefined;
  const status = useStatusChange(selection.clear);
  const changeStatus = (user: User, active: boolean) =>
    void (active ? status.activateOne(user) : status.deactivateOne(user));
  const selectable = canEdit || canDelete;
  const selectedIds = [...selection.selected].filter((id): id is number => typeof id === 'number');
  // The selection lives on the page shown (a new query clears it): its rows name the users.
  const selectedUsers = selectedIds.map(
    (id) => (users.data?.data ?? []).find((user) => user.id === id) ?? { id, nama: `#${id}` },
  );

  const total = users.data?.meta.total ?? 0;
  const filtered = list.isFiltered;
  const { update } = list;

  const edit = (user: User) => void navigate(appPaths.users.edit(user));
  const addButton = canCreate ? (
    <Button onClick={() => void navigate(appPaths.users.create)}>{texts.addUser}</Button>
  ) : null;
  // Users in bulk (issue 33): import for whoever may add users; the export of exactly this view.
  const importButton = canCreate ? (
    <Button variant="secondary" onClick={() => void navigate(appPaths.users.import)}>
      {bulkTexts.importUsers}
    </Button>
  ) : null;

  return (
    <div className={styles.page}>
      <PageHeader
        title={t.users.listTitle}
        actions={
          canCreate ? (
            <>
              {importButton}
              {addButton}
            </>
          ) : null
        }
      />
      <div className={styles.toolbar}>
        <ListSearchField
          className={styles.search}
          label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
          list={list}
        />
        <FilterFold count={Object.values(list.filters).filter(Boolean).length}>
          <UserFilters values={list.filters} onChange={(filters) => update({ filters, page: 1 })} />
          {filtered ? (
            <Button variant="secondary" className={styles.clearFilters} onClick={list.clearFilters}>
              {t.common.clearFilters}
            </Button>
          ) : null}
        </FilterFold>
        <ExportButton query={query} disabled={total === 0} className={styles.clearFilters} />
      </div>

      <ListView
        query={users}
        list={list}
        filtered={filtered}
        table={{
          caption: texts.tableCaption,
          columns: userColumns,
          getRowId: (user) => user.id,
          onRowClick: setDetail,
          rowMuted: (user) => user.is_active === false,
          actions: (user) => (
            <KebabMenu
              label={texts.rowActions(user.nama)}
              items={[
                { label: t.users.viewDetail, onSelect: () => setDetail(user) },
                { label: t.common.edit, onSelect: () => edit(user), disabledReason: whyNotEdit(user) },
                user.is_active === false
                  ? {
                      label: texts.activate,
                      onSelect: () => changeStatus(user, true),
                      disabledReason: whyNotManage(user),
                    }
                  : {
                      label: texts.deactivate,
                      onSelect: () => changeStatus(user, false),
                      disabledReason: whyNotManage(user),
                    },
                {
                  label: t.common.delete,
                  tone: 'danger' as const,
                  onSelect: () => void deletion.deleteOne(user),
                  disabledReason: whyNotDelete(user),
                },
              ]}
            />
          ),
        }}
        texts={{
          failed: texts.loadFailed,
          empty: t.users.empty,
          emptyBody: texts.emptyBody,
          noMatchBody: texts.noMatchBody,
        }}
        emptyAction={addButton}
        selection={
          selectable
            ? {
                state: selection,
                rowLabel: (user) => texts.selectRow(user.nama),
                allLabel: texts.selectAll,
                // Only rows a bulk action (Nonaktifkan, Hapus) could apply to.
                isSelectable: (user) => mayManage(user) || mayDelete(user),
                bulk: {
                  busy: deletion.busy,
                  onDelete: canDelete ? () => void deletion.deleteMany(selectedUsers) : undefined,
                  children: canEdit ? (
                    <>
                      <Button
                        variant="secondary"
                        className={styles.bulkAction}
                        loading={status.busy}
                        onClick={() => void status.deactivateMany(selectedUsers)}
                      >
                        {texts.deactivate}
                      </Button>
                      <UserBulkActions
                        ids={selectedIds}
                        onDone={selection.clear}
                        buttonClassName={styles.bulkAction}
                      />
                    </>
                  ) : null,
                },
              }
            : undefined
        }
      />
      <UserDetailDrawer
        user={detail}
        deleting={deletion.busy}
        onClose={() => setDetail(null)}
        onDelete={(user) => void deletion.deleteOne(user)}
        onEdit={edit}
        whyNot={
          detail
            ? { edit: whyNotEdit(detail), delete: whyNotDelete(detail), status: whyNotManage(detail) }
            : undefined
        }
        lifecycle={
          detail && canEdit && privilege.mayTouch(detail)
            ? { isSelf: privilege.isSelf, onStatusChange: changeStatus, changing: status.busy }
            : undefined
        }
      />
    </div>
  );
}
