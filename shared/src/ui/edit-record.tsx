import { useState, type ReactNode } from 'react';
import { t } from '@sso/shared/i18n';
import { Button } from './button';
import { confirm } from './confirm-dialog';
import { Spinner } from './spinner';
import { StatePanel } from './state-panel';
import styles from './edit-record.module.css';

/**
 * The pieces of an edit page that reads its record from the api (the link gives only the id):
 * its loading, missing and failed states, the note that the link's data was not what is stored,
 * and the 409 of a stale version with "Muat ulang data". Users, roles and later applications.
 */

/** What the page's record query looks like (a TanStack `useQuery` result fits). */
export interface RecordQueryLike<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

export interface EditRecordStateProps {
  query: RecordQueryLike<unknown>;
  /** A record that no longer exists (404): its title and body, and the way back. */
  missingTitle: string;
  missingBody: string;
  backAction: ReactNode;
}

export interface EditedRecord<T> {
  /** The record the form edits, or undefined until the first answer. */
  record: T | undefined;
  /** Changes with each reload: the form's `key`, so a reload starts it again from the record. */
  loads: number;
  /** Reads the record again and gives it to the form. */
  reload: () => Promise<void>;
}

/**
 * The record an edit form works on: the query's first answer, replaced only by `reload()`. A
 * background refetch never swaps the values or the version under what the user is typing.
 */
export function useEditedRecord<T>(query: {
  data: T | undefined;
  refetch: () => Promise<{ data?: T }>;
}): EditedRecord<T> {
  const [pinned, setPinned] = useState<{ record: T; loads: number } | null>(null);
  if (pinned === null && query.data !== undefined) setPinned({ record: query.data, loads: 0 });
  const current = pinned ?? (query.data === undefined ? null : { record: query.data, loads: 0 });
  return {
    record: current?.record,
    loads: current?.loads ?? 0,
    reload: async () => {
      const { data } = await query.refetch();
      if (data !== undefined) setPinned((before) => ({ record: data, loads: (before?.loads ?? 0) + 1 }));
    },
  };
}

const statusOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

/** While the record is not there: loading, missing (with the way back) or failed (with a retry). */
export function EditRecordState({ query, missingTitle, missingBody, backAction }: EditRecordStateProps) {
  if (query.error) {
    if (statusOf(query.error) === 404) {
      return <StatePanel tone="error" title={missingTitle} body={missingBody} action={backAction} />;
    }
    const message = query.error instanceof Error ? query.error.message : undefined;
    return (
      <StatePanel
        tone="error"
        title={t.edit.loadFailed}
        body={message}
        onRetry={() => void query.refetch()}
        action={backAction}
      />
    );
  }
  return (
    <p className={styles.loading}>
      <Spinner size={20} /> {t.edit.loading}
    </p>
  );
}

/** Shown above the form when the link carried other data than the api holds. */
export function RecordRefreshedNotice() {
  return (
    <div className={styles.notice} role="status">
      <strong>{t.edit.refreshedTitle}</strong>
      <span>{t.edit.refreshedBody}</span>
    </div>
  );
}

/** Asks before a reload would drop what was typed; resolves whether to reload. */
export async function confirmRecordReload(dirty: boolean): Promise<boolean> {
  if (!dirty) return true;
  return confirm({
    variant: 'warning',
    title: t.edit.reloadTitle,
    body: t.edit.reloadBody,
    confirmLabel: t.edit.reloadConfirm,
  });
}

export interface VersionConflictAlertProps {
  /** The api's 409 message. */
  message: string;
  /** The form holds input a reload would drop. */
  dirty: boolean;
  onReload: () => void;
}

/** The 409 of a stale version: the message and "Muat ulang data" (asking first when input would go). */
export function VersionConflictAlert({ message, dirty, onReload }: VersionConflictAlertProps) {
  return (
    <div className={styles.conflict} role="alert">
      <p>{message}</p>
      <Button
        variant="secondary"
        onClick={() => {
          void confirmRecordReload(dirty).then((ok) => {
            if (ok) onReload();
          });
        }}
      >
        {t.edit.reload}
      </Button>
    </div>
  );
}
