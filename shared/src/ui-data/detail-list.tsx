import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

/**
 * The fields of a detail drawer (Detail User, Detail Role, Detail Aplikasi, an event of Log
 * Aktivitas): each label (`<dt>`) over its value (`<dd>`), in one look for every remote.
 */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className={styles.list}>{children}</dl>;
}
