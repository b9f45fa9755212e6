import type { ReactNode } from 'react';
import styles from './page-header.module.css';

/** The heading row of a protected page: one h1, optional actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
