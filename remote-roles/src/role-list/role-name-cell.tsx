import type { Role } from '@sso/shared/contract';
import { ColorDot } from '@sso/shared/ui-data';
import styles from './role-list-page.module.css';

/** A role's name after its colour dot. */
export function RoleNameCell({ role }: { role: Role }) {
  return (
    <span className={styles.name}>
      <ColorDot color={role.color.hex_code} size={12} />
      <span className={styles.nameText}>{role.name}</span>
    </span>
  );
}
