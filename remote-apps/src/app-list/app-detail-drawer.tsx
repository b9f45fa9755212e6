import type { ApplicationDetail, ManagedApplication } from '@sso/shared/contract';
import { toApiError } from '@sso/shared/api';
import { t } from '@sso/shared/i18n';
import { StatePanel } from '@sso/shared/ui';
import { ColorDot, DetailList, RecordDrawer, type RecordDrawerHandlers } from '@sso/shared/ui-data';
import { useApplication } from '../api/get-application';
import { SsoClientDetails } from '../shared/sso/sso-client-details';
import { appsText } from '../texts';
import { AppNameCell } from './app-name-cell';
import { AppUrlLink } from './app-url-link';
import styles from './app-detail-drawer.module.css';

export interface AppDetailDrawerProps extends RecordDrawerHandlers<ManagedApplication> {
  app: ManagedApplication | null;
}

/** "Detail Aplikasi": the application as read now from the api, its menu tree and the roles granting it. */
export function AppDetailDrawer({ app, ...handlers }: AppDetailDrawerProps) {
  const detail = useApplication(app?.id ?? null);
  return (
    <RecordDrawer record={app} title={appsText.detailTitle} {...handlers}>
      {detail.data ? (
        <AppDetail app={detail.data} />
      ) : detail.isError ? (
        <StatePanel
          tone="error"
          title={appsText.detail.failed}
          body={toApiError(detail.error).message}
          onRetry={() => void detail.refetch()}
        />
      ) : app ? (
        <StatePanel title={t.common.loading} />
      ) : null}
    </RecordDrawer>
  );
}

function AppDetail({ app }: { app: ApplicationDetail }) {
  return (
    <DetailList>
      <dt>{appsText.form.name}</dt>
      <dd>
        <AppNameCell app={app} />
      </dd>
      <dt>{appsText.detail.description}</dt>
      <dd>{app.descriptions ?? '-'}</dd>
      <dt>{appsText.detail.url}</dt>
      <dd>
        <AppUrlLink name={app.name} url={app.url} />
      </dd>
      <dt>{appsText.sso.section}</dt>
      <dd>
        <SsoClientDetails app={app} />
      </dd>
      <dt>{appsText.detail.menus}</dt>
      <dd>
        {app.menus.length === 0 ? (
          appsText.detail.noMenus
        ) : (
          <ul className={styles.tree}>
            {app.menus.map((menu) => (
              <li key={menu.id}>
                <span className={styles.menu}>{menu.name}</span>
                {menu.menu.length > 0 ? (
                  <ul className={styles.children} aria-label={appsText.detail.subMenusOf(menu.name)}>
                    {menu.menu.map((child) => (
                      <li key={child.id}>{child.name}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{appsText.detail.roles}</dt>
      <dd>
        {app.roles.length === 0 ? (
          appsText.detail.noRoles
        ) : (
          <ul className={styles.roles}>
            {app.roles.map((role) => (
              <li key={role.id} className={styles.role}>
                <ColorDot color={role.hex_code} size={12} />
                {role.name}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </DetailList>
  );
}
