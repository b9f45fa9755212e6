import styles from './account-status.module.css';
import { texts } from '../texts';

/** "Aktif" / "Nonaktif" (an account without a known status counts as active, as the api's default). */
export function StatusChip({ active }: { active: boolean | undefined }) {
  const on = active !== false;
  return (
    <span className={`${styles.chip} ${on ? styles.on : styles.off}`}>
      {on ? texts.statusActive : texts.statusInactive}
    </span>
  );
}
