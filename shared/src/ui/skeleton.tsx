import styles from './skeleton.module.css';

/** One grey placeholder bar with a soft shimmer (decorative: the loading state is said once by its container). */
export function Skeleton({ width = '100%', height = 14 }: { width?: string; height?: number }) {
  // Dynamic value: the bar's size given by the caller.
  return <span aria-hidden="true" className={styles.bar} style={{ width, height }} />;
}

/**
 * The loading look of a form or a detail panel: labelled fields as bars, the same look as a list's
 * loading rows (DataTable `loading`), announced once as "Loading...".
 */
export function FormSkeleton({ fields = 4, label = 'Loading...' }: { fields?: number; label?: string }) {
  return (
    <div className={styles.form} role="status" aria-label={label}>
      {Array.from({ length: fields }, (_, index) => (
        <div key={index} className={styles.field}>
          <Skeleton width="30%" height={12} />
          <Skeleton height={40} />
        </div>
      ))}
    </div>
  );
}
