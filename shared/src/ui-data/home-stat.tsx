import type { ReactNode } from 'react';
import { toApiError } from '@sso/shared/api';
import { formatNumber } from '@sso/shared/i18n';
import styles from './home-stat.module.css';

export interface HomeStatProps {
  /** The figure; undefined while it loads (a placeholder, `aria-busy`). */
  value: number | undefined;
  /** What the figure counts, e.g. "user terdaftar". */
  label: string;
  /** A second line, e.g. "+3 dalam 7 hari terakhir". */
  detail?: ReactNode;
  /** Shown instead of the figure when it could not be read (the card stays in place). */
  error?: string;
  /** A link to the list behind the figure. */
  children?: ReactNode;
}

/** The body of a figure card on Home (a remote's `cards` entry): one number, what it counts, a link. */
export function HomeStat({ value, label, detail, error, children }: HomeStatProps) {
  return (
    <div className={styles.stat} aria-busy={value === undefined && !error}>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <p className={styles.figure}>
          <span className={styles.value}>{value === undefined ? '–' : formatNumber(value)}</span>{' '}
          <span className={styles.label}>{label}</span>
        </p>
      )}
      {detail && !error ? <p className={styles.detail}>{detail}</p> : null}
      {children ? <div className={styles.link}>{children}</div> : null}
    </div>
  );
}

/**
 * A figure card of one list's total: the `meta.total` its list query answers (asked with one row),
 * or the query's error, and a link to the list.
 */
export function HomeListTotal({
  query,
  label,
  children,
}: {
  query: { data?: { meta: { total: number } } | undefined; error: unknown };
  label: string;
  children: ReactNode;
}) {
  return (
    <HomeStat
      value={query.data?.meta.total}
      label={label}
      error={query.error ? toApiError(query.error).message : undefined}
    >
      {children}
    </HomeStat>
  );
}
