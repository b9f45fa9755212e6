import { useId } from 'react';
import { useSelect } from 'downshift';
import styles from './select.module.css';
import { ListboxMenu, optionClass } from './listbox-menu';
import { ChevronDownIcon } from '@sso/shared/ui';
import { FieldError } from '@sso/shared/ui';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  /** Optional #rrggbb dot shown before the label (role colours). */
  color?: string;
}

export interface SelectProps<V extends string | number> {
  label: string;
  /** Hide the label visually but keep it for screen readers. */
  hideLabel?: boolean;
  options: SelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  placeholder?: string;
  loading?: boolean;
  error?: string | undefined;
  disabled?: boolean;
  /** Adds a first option that clears the value (filters: "Semua ..."). */
  clearLabel?: string;
}

/**
 * Accessible single select (Downshift). Defaults of spec 8: "No options", "Loading...".
 * Menu max height 300, min height 140 (spec 9).
 */
export function Select<V extends string | number>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  placeholder = 'Pilih',
  loading = false,
  error,
  disabled = false,
  clearLabel,
}: SelectProps<V>) {
  const errorId = useId();
  const items: (SelectOption<V> | null)[] = clearLabel ? [null, ...options] : options;
  const selectedItem = options.find((o) => o.value === value) ?? null;
  const { isOpen, getToggleButtonProps, getLabelProps, getMenuProps, getItemProps, highlightedIndex } =
    useSelect<SelectOption<V> | null>({
      items,
      selectedItem,
      itemToString: (item) => (item ? item.label : (clearLabel ?? '')),
      onSelectedItemChange: ({ selectedItem: item }) => onChange(item ? item.value : null),
    });
  const shown = selectedItem?.label ?? (clearLabel && value === null ? clearLabel : placeholder);
  return (
    <div className={styles.field}>
      <label {...getLabelProps()} className={hideLabel ? 'sso-visually-hidden' : styles.label}>
        {label}
      </label>
      <button
        type="button"
        className={`${styles.toggle} ${error ? styles.invalid : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...getToggleButtonProps({ disabled })}
      >
        {selectedItem?.color ? (
          <span className={styles.dot} style={{ background: selectedItem.color }} />
        ) : null}
        <span className={selectedItem || (clearLabel && value === null) ? '' : styles.placeholder}>
          {shown}
        </span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <ListboxMenu
        menuProps={getMenuProps()}
        isOpen={isOpen}
        loading={loading}
        empty={options.length === 0}
        className={isOpen ? styles.menuOpen : undefined}
      >
        {items.map((item, index) => (
          <li
            key={item ? String(item.value) : '__clear'}
            className={optionClass(
              highlightedIndex === index,
              (item?.value === value || (item === null && value === null)) && styles.selected,
            )}
            {...getItemProps({ item, index })}
          >
            {item?.color ? <span className={styles.dot} style={{ background: item.color }} /> : null}
            {item ? item.label : clearLabel}
          </li>
        ))}
      </ListboxMenu>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
