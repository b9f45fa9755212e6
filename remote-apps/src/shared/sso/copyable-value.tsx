import { useId } from 'react';
import { CopyButton } from './copy-button';
import styles from './sso.module.css';

/** A value shown whole in a read-only box (selectable by hand too) with "Salin" beside it. */
export function CopyableValue({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input
          id={id}
          className={styles.code}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={value} what={label} />
      </div>
    </div>
  );
}
