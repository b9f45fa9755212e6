import type { ReactNode } from 'react';
import styles from './bulk-bar.module.css';
import { Button } from '@sso/shared/ui';
import { CloseIcon } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';

export interface BulkBarProps {
  /** Number of selected rows; the bar renders nothing at 0. */
  count: number;
  /** Bulk delete (ask first with `confirm`); left out, no Hapus button. */
  onDelete?: () => void;
  /** Other actions on the selection (buttons), before Hapus. */
  children?: ReactNode;
  /** Clears the selection. */
  onClose: () => void;
  /** Disables the delete action while a bulk delete runs. */
  busy?: boolean;
  /** Delete action label; spec default `Hapus`. */
  deleteLabel?: string;
}

/** Spec 2: the bulk bar `{n} terpilih` with a Hapus action and a close action (width 418). */
export function BulkBar({
  count,
  onDelete,
  onClose,
  busy = false,
  deleteLabel = t.common.delete,
  children,
}: BulkBarProps) {
  if (count <= 0) return null;
  return (
    <div className={styles.bar} role="region" aria-label="Aksi data terpilih">
      <span className={styles.count} aria-live="polite">
        {t.common.selected(count)}
      </span>
      {children}
      {onDelete ? (
        <Button variant="danger" className={styles.delete} onClick={onDelete} loading={busy}>
          {deleteLabel}
        </Button>
      ) : null}
      <button
        type="button"
        className={styles.close}
        aria-label={`${t.common.close} pilihan`}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
