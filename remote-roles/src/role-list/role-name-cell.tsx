import { ADMIN_SCOPE_LABEL, type Role } from '@sso/shared/contract';
import { OWN_ROLE_LABEL } from '@sso/shared/access';
import { ColorDot } from '@sso/shared/ui-data';
import { useRolePrivilege } from '../privilege/role-privilege';
import styles from './role-list-page.module.css';

/**
 * A role's name after its colour dot; the signed-in user's own role is marked, and so is a role
 * whose administration is limited to its holder's own APs (issue 32).
 */
export function RoleNameCell({ role }: { role: Role }) {
  const own = useRolePrivilege().isOwn(role);
  return (
    <span className={styles.name}>
      <ColorDot color={role.color.hex_code} size={12} />
      <span className={styles.nameText}>{role.name}</span>
      {own ? <span className={styles.ownBadge}>{OWN_ROLE_LABEL}</span> : null}
      {role.admin_scope === 'own' ? <span className={styles.scopeBadge}>{ADMIN_SCOPE_LABEL.own}</span> : null}
    </span>
  );
}
