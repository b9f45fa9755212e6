import type { ComponentPropsWithRef, ReactNode } from 'react';
import { t } from '@sso/shared/i18n';
import styles from './listbox-menu.module.css';

export interface ListboxMenuProps {
  /** downshift's `getMenuProps()`. */
  menuProps: ComponentPropsWithRef<'ul'>;
  isOpen: boolean;
  loading?: boolean;
  /** No option to show: the list says `emptyText` instead. */
  empty: boolean;
  emptyText?: string;
  /** A component's own adjustments (position, height). */
  className?: string;
  /** The options: rendered only while open and not loading. */
  children: ReactNode;
}

/** The dropdown list shared by Select, MultiSelect and Combobox, with its loading and empty rows. */
export function ListboxMenu({
  menuProps,
  isOpen,
  loading = false,
  empty,
  emptyText = t.common.noOptions,
  className,
  children,
}: ListboxMenuProps) {
  const classes = [styles.menu, className, isOpen ? styles.open : null].filter(Boolean).join(' ');
  return (
    <ul {...menuProps} className={classes}>
      {isOpen && loading ? <li className={styles.empty}>{t.common.loading}</li> : null}
      {isOpen && !loading && empty ? <li className={styles.empty}>{emptyText}</li> : null}
      {isOpen && !loading ? children : null}
    </ul>
  );
}

/** The class of one option row; `extra` for a component's own state (selected, …). */
export function optionClass(highlighted: boolean, extra?: string | false): string {
  return [styles.option, highlighted ? styles.highlighted : null, extra || null].filter(Boolean).join(' ');
}
