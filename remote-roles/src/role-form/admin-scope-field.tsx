import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_SCOPES,
  ADMIN_SCOPE_FIELD_LABEL,
  ADMIN_SCOPE_HELP,
  ADMIN_SCOPE_LABEL,
  type AdminScope,
} from '@sso/shared/contract';
import { roleOptionsQueryOptions } from '@sso/shared/query';
import { useSession } from '@sso/shared/session';
import styles from './admin-scope-field.module.css';

/** Why "Seluruh grup" is not offered to a scoped administrator (no escalation by scope). */
export const GROUP_SCOPE_NOT_HELD =
  'Cakupan Anda sendiri "AP pengguna sendiri": Anda tidak dapat memberikan "Seluruh grup"';

const SCOPE_DESCRIPTION: Readonly<Record<AdminScope, string>> = {
  group: 'Menu administrasi role ini berlaku untuk user di semua AP.',
  own: 'Menu administrasi role ini hanya berlaku untuk user di AP (dan unit) yang terhubung dengan penggunanya.',
};

/**
 * The signed-in user's own administration scope, from the roles' options (GET role/all answers
 * each role's scope; the session names the user's role). "group" while unknown: the api decides.
 */
export function useOwnAdminScope(): AdminScope {
  const session = useSession();
  const options = useQuery(roleOptionsQueryOptions());
  const own = options.data?.find((role) => String(role.id) === String(session?.role_id ?? ''));
  return own?.admin_scope ?? 'group';
}

export interface AdminScopeFieldProps {
  value: AdminScope;
  onChange: (scope: AdminScope) => void;
  /** The actor's own scope: a scoped actor is not offered "Seluruh grup". */
  actorScope: AdminScope;
}

/** "Cakupan administrasi" of the role form (issue 32): "Seluruh grup" or "AP pengguna sendiri". */
export function AdminScopeField({ value, onChange, actorScope }: AdminScopeFieldProps) {
  return (
    <fieldset className={styles.scopes}>
      <legend>{ADMIN_SCOPE_FIELD_LABEL}</legend>
      <p className={styles.muted}>{ADMIN_SCOPE_HELP}</p>
      {ADMIN_SCOPES.map((scope) => {
        const disabled = scope === 'group' && actorScope === 'own' && value !== 'group';
        return (
          <label key={scope} className={`${styles.scope} ${disabled ? styles.disabled : ''}`}>
            <input
              type="radio"
              name="admin_scope"
              value={scope}
              checked={value === scope}
              disabled={disabled}
              onChange={() => onChange(scope)}
            />
            <span>
              <strong>{ADMIN_SCOPE_LABEL[scope]}</strong>
              <span className={styles.muted}>
                {disabled ? GROUP_SCOPE_NOT_HELD : SCOPE_DESCRIPTION[scope]}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
