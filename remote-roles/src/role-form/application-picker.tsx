import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@sso/shared/api';
import type { Application } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { FieldError, Spinner, StatePanel } from '@sso/shared/ui';
import { useApplications } from '../reference-data/get-applications';
import { menusQueryOptions } from '../reference-data/get-menus';
import { rolesText } from '../texts';
import { ApplicationRow } from './application-row';
import { ApplicationMenus } from './application-menus';
import { useRolePrivilege } from '../privilege/role-privilege';
import {
  grantedCount,
  isAppSelected,
  setAppSelected,
  type Selection,
  type SelectionUpdate,
} from '../shared/selection';
import styles from './application-picker.module.css';

export interface ApplicationPickerProps {
  selection: Selection;
  onChange: SelectionUpdate;
  error?: string | undefined;
}

/**
 * Applications with their switches, beside the menu tree of the application being looked at
 * (the first chosen one at start). Switching an application on loads its tree and grants it all.
 */
export function ApplicationPicker({ selection, onChange, error }: ApplicationPickerProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const applications = useApplications();
  const [shownId, setShownId] = useState<number | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const privilege = useRolePrivilege();

  const apps = applications.data ?? [];
  const activeId = shownId ?? selection[0]?.apps_id ?? apps[0]?.id ?? null;
  const active = apps.find((app) => app.id === activeId);

  async function toggle(app: Application, on: boolean) {
    setShownId(app.id);
    setToggleError(null);
    if (!on) {
      onChange((s) => setAppSelected(s, app.id, [], false));
      return;
    }
    setPendingId(app.id);
    try {
      const tree = await queryClient.fetchQuery(menusQueryOptions(app.id));
      // Switched on with every menu the signed-in user holds (issue 18), none they do not.
      onChange((s) => privilege.prune(setAppSelected(s, app.id, tree, true), app.id, tree));
    } catch (e) {
      setToggleError(`${rolesText.form.menusFailed} ${toApiError(e).message}`);
    } finally {
      setPendingId(null);
    }
  }

  if (applications.isPending) {
    return (
      <p className={styles.loading}>
        <Spinner size={16} /> {t.common.loading}
      </p>
    );
  }
  if (applications.isError) {
    return (
      <StatePanel
        tone="error"
        title={rolesText.form.appsFailed}
        body={toApiError(applications.error).message}
        onRetry={() => void applications.refetch()}
      />
    );
  }
  if (apps.length === 0) return <StatePanel title={rolesText.form.noApplications} />;

  return (
    <div className={styles.picker}>
      <div className={styles.appsColumn}>
        <ul className={styles.apps} aria-label={rolesText.form.applications}>
          {apps.map((app) => (
            <ApplicationRow
              key={app.id}
              app={app}
              selected={isAppSelected(selection, app.id)}
              granted={grantedCount(selection, app.id)}
              active={app.id === activeId}
              pending={pendingId === app.id}
              held={privilege.levels({ appId: app.id }).length > 0}
              onShow={() => setShownId(app.id)}
              onToggle={(on) => void toggle(app, on)}
            />
          ))}
        </ul>
        <FieldError message={toggleError} />
        <FieldError message={error} />
      </div>
      <section className={styles.menusColumn} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.menusTitle}>
          {active ? rolesText.form.menusOf(active.name) : rolesText.form.pickApplication}
        </h3>
        {active ? <ApplicationMenus app={active} selection={selection} onChange={onChange} /> : null}
      </section>
    </div>
  );
}
