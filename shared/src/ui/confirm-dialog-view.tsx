import { useId, useRef } from 'react';
import { AlertDialog } from 'radix-ui';
import { t } from '@sso/shared/i18n';
import styles from './confirm-dialog.module.css';
import { QuestionIcon, WarningIcon } from './icons';
import { Button } from './button';
import type { Pending } from './confirm-dialog';

/** The confirmation dialog (question or warning variant), driven by the confirm() store. */
export default function ConfirmDialogView({
  current,
  onSettle,
}: {
  current: Pending | null;
  onSettle: (ok: boolean, text?: string) => void;
}) {
  const variant = current?.variant ?? 'question';
  const inputId = useId();
  // Uncontrolled: the content unmounts when the dialog closes, so each question starts empty.
  const input = useRef<HTMLTextAreaElement>(null);
  return (
    <AlertDialog.Root open={current !== null} onOpenChange={(open) => !open && onSettle(false)}>
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
          {current?.input ? (
            <div className={styles.input}>
              <label htmlFor={inputId}>{current.input.label}</label>
              <textarea
                id={inputId}
                ref={input}
                rows={3}
                maxLength={current.input.maxLength}
                placeholder={current.input.placeholder}
              />
            </div>
          ) : null}
          <div className={styles.actions}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" onClick={() => onSettle(false)}>
                {current?.cancelLabel ?? t.common.cancel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={variant === 'warning' ? 'danger' : 'primary'}
                onClick={() => onSettle(true, input.current?.value ?? '')}
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
