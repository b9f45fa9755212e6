import { NOT_HELD_REASON } from '@sso/shared/access';
import styles from './menu-tree.module.css';

/** A menu the signed-in user does not hold: shown, with why it cannot be granted (issue 18). */
export function NotHeld({ name }: { name: string }) {
  return (
    <span className={styles.notHeld}>
      {name}
      <span className={styles.reason}>{NOT_HELD_REASON}</span>
    </span>
  );
}
