import { useState } from 'react';
import { Link, useNavigate } from '@sso/shared/navigation';
import { SSO_PANEL_APP_ID, type ApplicationSortField, type ManagedApplication } from '@sso/shared/contract';
import { appPaths } from '@sso/shared/federation';
import { t } from '@sso/shared/i18n';
import { useCan } from '@sso/shared/session';
import { PageHeader, buttonClassName } from '@sso/shared/ui';
import {
  type DataTableColumn,
  KebabMenu,
  type KebabMenuItem,
  ListToolbar,
  ListView,
  ListSearchField,
  useListSearchParams,
  useRememberListPlace,
} from '@sso/shared/ui-data';
import { appsText } from '../texts';
import { useApplications } from '../api/get-applications';
import { AppDetailDrawer } from './app-detail-drawer';
import { APP_LIST_OPTIONS, toAppListParams } from './app-list-params';
import { AppNameCell } from './app-name-cell';
import { AppUrlLink } from './app-url-link';
import { useAppDeletion } from './use-app-deletion';
import { OWNER_ONLY_REASON, READ_ONLY_REASON, whyNot } from '@sso/shared/access';
import styles from './app-list-page.module.css';

const columns: DataTableColumn<ManagedApplication, ApplicationSortField>[] = [
  {
    id: 'name',
    header: appsText.list.nameColumn,
    sortBy: 'name',
    phone: true,
    cell: (app) => <AppNameCell app={app} />,
    width: '24%',
  },
  {
    id: 'description',
    header: appsText.list.descriptionColumn,
    cell: (app) => <span className={styles.description}>{app.descriptions ?? '-'}</span>,
    width: '28%',
  },
  {
    id: 'url',
    header: appsText.list.urlColumn,
    cell: (app) => <AppUrlLink name={app.name} url={app.url} />,
    width: '22%',
  },
  {
    id: 'menus',
    header: appsText.list.menusColumn,
    sortBy: 'menu_count',
    cell: (app) => appsText.list.menus(app.menu_count),
  },
  {
    id: 'roles',
    header: appsText.list.rolesColumn,
    sortBy: 'role_count',
    phone: true,
    cell: (app) => appsText.list.roles(app.role_count),
  },
];

/** An application the user may delete: never app 1 (this panel), whose access model lives in it. */
const deletable = (app: ManagedApplication) => app.id !== SSO_PANEL_APP_ID;

/**
 * /app-management: applications with logo, name, description, URL, number of menus and of roles
 * granting them; search by name (500 ms, back to page 1), sorting, pagination, detail drawer. The
 * list state lives in the URL.
 */
export default function AppListPage() {
  const navigate = useNavigate();
  // Viewer reads; modifier also adds and edits; owner also deletes (the api refuses the same).
  const can = useCan();
  const canEdit = can('editApp');
  const canDelete = can('deleteApp');
  const canCreate = can('createApp');
  const list = useListSearchParams(APP_LIST_OPTIONS);
  useRememberListPlace(appPaths.apps.list);
  // Why not, or undefined when allowed: shown on the disabled action (issue 37).
  const whyNotEdit = () => whyNot([canEdit, READ_ONLY_REASON]);
  const whyNotDelete = (app: ManagedApplication) =>
    whyNot(
      [canDelete, canEdit ? OWNER_ONLY_REASON : READ_ONLY_REASON],
      [deletable(app), appsText.list.panelNotDeletable],
    );
  const params = toAppListParams(list);
  const apps = useApplications(params);
  const [detail, setDetail] = useState<ManagedApplication | null>(null);
  const deletion = useAppDeletion(() => setDetail(null));

  const edit = (app: ManagedApplication) => void navigate(appPaths.apps.edit(app));
  const remove = (app: ManagedApplication) => void deletion.deleteOne(app);
  const actionsOf = (app: ManagedApplication): KebabMenuItem[] => [
    { label: t.users.viewDetail, onSelect: () => setDetail(app) },
    { label: t.common.edit, onSelect: () => edit(app), disabledReason: whyNotEdit() },
    {
      label: t.common.delete,
      tone: 'danger' as const,
      onSelect: () => remove(app),
      disabledReason: whyNotDelete(app),
    },
  ];

  return (
    <>
      <PageHeader
        title={appsText.title}
        actions={
          canCreate ? (
            <Link className={buttonClassName()} to={appPaths.apps.create}>
              {appsText.list.add}
            </Link>
          ) : null
        }
      />
      <ListToolbar>
        <ListSearchField
          className={styles.search}
          label={appsText.list.search}
          placeholder={appsText.list.searchPlaceholder}
          list={list}
        />
      </ListToolbar>
      <ListView
        query={apps}
        list={list}
        filtered={params.keyword !== ''}
        table={{
          caption: appsText.list.caption,
          columns,
          getRowId: (app) => app.id,
          onRowClick: setDetail,
          actions: (app) => <KebabMenu label={appsText.list.actions(app.name)} items={actionsOf(app)} />,
        }}
        texts={{
          failed: appsText.list.failed,
          empty: appsText.list.empty,
          emptyBody: appsText.list.emptyBody,
          noMatchBody: appsText.list.noMatchBody,
          count: (total) => `${total} aplikasi`,
        }}
      />
      <AppDetailDrawer
        app={detail}
        deleting={deletion.busy}
        onClose={() => setDetail(null)}
        onDelete={remove}
        onEdit={edit}
        whyNot={detail ? { edit: whyNotEdit(), delete: whyNotDelete(detail) } : undefined}
      />
    </>
  );
}
