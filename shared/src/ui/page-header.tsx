import type { ReactNode } from 'react';
import styles from './page-header.module.css';
import { usePageHeading } from './use-page-heading';

/** The heading row of a protected page: one h1, optional actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const heading = usePageHeading(title);
  return (
    <header className={styles.header}>
      <h1 ref={heading} className={styles.title} tabIndex={-1}>
        {title}
      </h1>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
