import { useSyncExternalStore } from 'react';
import { AlertDialog } from 'radix-ui';
import styles from './confirm-dialog.module.css';
import { QuestionIcon, WarningIcon } from './icons';
import { Button } from './button';
import { t } from '@sso/shared/i18n';

/** Spec 9: "a question-icon variant and a warning-icon variant, each with cancel and confirm". */
export type ConfirmVariant = 'question' | 'warning';

export interface ConfirmOptions {
  variant?: ConfirmVariant;
  title: string;
  body?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Asks the user; resolves true on confirm, false on cancel or Escape. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise<boolean>((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

function settle(ok: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(ok);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once by the shell: the single place confirmation dialogs appear. */
export function ConfirmDialogHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => pending,
    () => null,
  );
  const variant = current?.variant ?? 'question';
  return (
    <AlertDialog.Root open={current !== null} onOpenChange={(open) => !open && settle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.content}>
          <div className={`${styles.icon} ${styles[variant]}`}>
            {variant === 'warning' ? <WarningIcon size={32} /> : <QuestionIcon size={32} />}
          </div>
          <AlertDialog.Title className={styles.title}>{current?.title}</AlertDialog.Title>
          {current?.body ? (
            <AlertDialog.Description className={styles.body}>{current.body}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sso-visually-hidden">
              {current?.title}
            </AlertDialog.Description>
          )}
          <div className={styles.actions}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" onClick={() => settle(false)}>
                {current?.cancelLabel ?? t.common.cancel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={variant === 'warning' ? 'danger' : 'primary'}
                onClick={() => settle(true)}
              >
                {current?.confirmLabel ?? 'Ya'}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
