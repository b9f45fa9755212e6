import type { ReactNode } from 'react';
import { t } from '@sso/shared/i18n';
import { ActionButton } from './action-button';
import styles from './action-button.module.css';
import { Drawer } from './drawer';

/** What a list page hands the drawer of one of its records. */
export interface RecordDrawerHandlers<R> {
  onClose: () => void;
  onDelete: (record: R) => void;
  onEdit: (record: R) => void;
  deleting?: boolean;
  /** Why the signed-in user may not edit or delete it: the button is shown disabled with it (issue 37). */
  whyNot?: { edit?: string | undefined; delete?: string | undefined };
}

/**
 * The "Detail …" drawer of one list record, open while `record` is set, with Hapus and Edit
 * (spec 8) in its footer, each disabled with the reason the reader may not (`whyNot`, read on
 * focus); `before` comes first (Detail User's Nonaktifkan).
 */
export function RecordDrawer<R>({
  record,
  title,
  onClose,
  onDelete,
  onEdit,
  deleting = false,
  whyNot = {},
  before = null,
  children,
}: RecordDrawerHandlers<R> & { record: R | null; title: string; before?: ReactNode; children: ReactNode }) {
  return (
    <Drawer
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        record === null ? null : (
          <>
            {before}
            <ActionButton
              variant="secondary"
              className={styles.delete}
              loading={deleting}
              disabledReason={whyNot.delete}
              onClick={() => onDelete(record)}
            >
              {t.common.delete}
            </ActionButton>
            <ActionButton disabledReason={whyNot.edit} onClick={() => onEdit(record)}>
              {t.common.edit}
            </ActionButton>
          </>
        )
      }
    >
      {children}
    </Drawer>
  );
}
