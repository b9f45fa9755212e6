import { useId } from 'react';
import { DropdownMenu } from 'radix-ui';
import styles from './kebab-menu.module.css';
import { KebabIcon } from '@sso/shared/ui';
import type { KebabMenuProps } from './kebab-menu';

/**
 * The loaded row action menu (Radix DropdownMenu: arrow keys, Enter, Escape, focus returns to the trigger).
 * Menu items render in a portal; a clickable row must ignore clicks that do not start inside it
 * (DataTable does).
 */
export default function KebabMenuView({
  label,
  items,
  defaultOpen = false,
}: KebabMenuProps & { defaultOpen?: boolean }) {
  const menuId = useId();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label={label}>
        <KebabIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4} collisionPadding={8}>
          {items.map((item, index) =>
            item.disabledReason ? (
              // Not Radix's `disabled` (which the arrow keys skip): focusable, announced as disabled
              // with its reason, and selecting it keeps the menu open and does nothing.
              <DropdownMenu.Item
                key={item.label}
                className={`${styles.item} ${styles.unavailable}`}
                aria-label={item.label}
                aria-describedby={`${menuId}-${index}`}
                aria-disabled="true"
                onSelect={(event) => event.preventDefault()}
              >
                <span className={styles.itemLabel}>{item.label}</span>
                <span id={`${menuId}-${index}`} className={styles.reason}>
                  {item.disabledReason}
                </span>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item
                key={item.label}
                className={`${styles.item} ${item.tone === 'danger' ? styles.danger : ''}`}
                disabled={item.disabled}
                onSelect={item.onSelect}
              >
                {item.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
