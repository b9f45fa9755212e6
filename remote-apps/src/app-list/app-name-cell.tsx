import type { ManagedApplication } from '@sso/shared/contract';
import { safeHttpUrl } from '@sso/shared/ui';
import styles from './app-list-page.module.css';

/** An application's logo and name. */
export function AppNameCell({ app }: { app: Pick<ManagedApplication, 'name' | 'logo_url'> }) {
  const logo = safeHttpUrl(app.logo_url);
  return (
    <span className={styles.name}>
      {logo ? <img className={styles.logo} src={logo} alt="" width={28} height={28} /> : null}
      <span className={styles.nameText}>{app.name}</span>
    </span>
  );
}
