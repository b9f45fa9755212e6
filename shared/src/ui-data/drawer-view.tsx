import { useRef } from 'react';
import { Dialog } from 'radix-ui';
import styles from './drawer.module.css';
import { CloseIcon } from '@sso/shared/ui';
import { t } from '@sso/shared/i18n';
import type { DrawerProps } from './drawer';

/**
 * The loaded right-side panel (spec 2 detail drawer, width 450 from spec 9). Radix Dialog: modal, focus trapped,
 * Escape and the overlay close it, focus returns to what opened it.
 */
export default function DrawerView({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
}: DrawerProps) {
  // Without a Dialog.Trigger Radix returns focus nowhere: remember what had focus when it opened.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected && target !== document.body) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t.common.close}>
              <CloseIcon />
            </Dialog.Close>
          </header>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : null}
          {/* Focusable so a keyboard can scroll a long body that holds no control (axe
              scrollable-region-focusable: a drawer without Edit or Hapus has none). */}
          <div className={styles.body} tabIndex={0}>
            {children}
          </div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
