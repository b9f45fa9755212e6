import type { ReactNode } from 'react';
import styles from './list-toolbar.module.css';

/**
 * The row above a list's table: its search field and filters side by side, wrapping onto more
 * lines on a narrow screen. Each list sizes its own search and filters (their `className`).
 */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}
