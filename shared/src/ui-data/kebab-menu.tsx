import { createElement, useState } from 'react';
import styles from './kebab-menu.module.css';
import { KebabIcon } from '@sso/shared/ui';
import { lazyPart } from './lazy-part';

export interface KebabMenuItem {
  label: string;
  onSelect: () => void;
  /** 'danger' paints a destructive action (Hapus) red. */
  tone?: 'default' | 'danger';
  disabled?: boolean;
  /**
   * The action is not available to the signed-in user, and why (issue 37: say why, offer only what
   * works). The item stays in the menu, reachable by the arrow keys, reads as disabled
   * (`aria-disabled`) and shows the reason under its label; selecting it does nothing.
   */
  disabledReason?: string | undefined;
}

export interface KebabMenuProps {
  /** Screen-reader name of the trigger, e.g. `Aksi untuk Budi`. */
  label: string;
  items: KebabMenuItem[];
}

const menu = lazyPart(() => import('./kebab-menu-view'));

/**
 * Row action menu (Radix DropdownMenu: arrow keys, Enter, Escape, focus returns to the trigger).
 * Until it is first opened it is a plain button of the same look; hovering or focusing it loads
 * the menu's code, pressing it (click, Enter, Space, ↓) opens the menu as soon as that code is there.
 */
export function KebabMenu({ label, items }: KebabMenuProps) {
  const [opened, setOpened] = useState(false);
  const View = menu.useLoaded(opened);
  if (View) return createElement(View, { label, items, defaultOpen: true });
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={opened || undefined}
      onPointerEnter={menu.preload}
      onFocus={menu.preload}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setOpened(true);
        }
      }}
    >
      <KebabIcon />
    </button>
  );
}
