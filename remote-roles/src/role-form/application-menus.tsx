import type { Application } from '@sso/shared/contract';
import { toApiError } from '@sso/shared/api';
import { t } from '@sso/shared/i18n';
import { Spinner, StatePanel } from '@sso/shared/ui';
import { useMenus } from '../reference-data/get-menus';
import { rolesText } from '../texts';
import { MenuTree } from './menu-tree/menu-tree';
import type { Selection, SelectionUpdate } from '../shared/selection';
import styles from './application-picker.module.css';

export interface ApplicationMenusProps {
  app: Application;
  selection: Selection;
  onChange: SelectionUpdate;
}

/** The menu tree of one application (GET menu/with-child?apps_id=), with its loading and error states. */
export function ApplicationMenus({ app, selection, onChange }: ApplicationMenusProps) {
  const menus = useMenus(app.id);
  if (menus.isPending) {
    return (
      <p className={styles.loading}>
        <Spinner size={16} /> {t.common.loading}
      </p>
    );
  }
  if (menus.isError) {
    return (
      <StatePanel
        tone="error"
        title={rolesText.form.menusFailed}
        body={toApiError(menus.error).message}
        onRetry={() => void menus.refetch()}
      />
    );
  }
  if (menus.data.length === 0) return <StatePanel title={rolesText.form.noMenus} />;
  return (
    <MenuTree
      appsId={app.id}
      appName={app.name}
      tree={menus.data}
      selection={selection}
      onChange={onChange}
    />
  );
}
