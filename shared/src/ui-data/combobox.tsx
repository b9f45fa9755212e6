import { useId, type ReactNode } from 'react';
import { useCombobox } from 'downshift';
import styles from './combobox.module.css';
import { ListboxMenu, optionClass } from './listbox-menu';
import { t } from '@sso/shared/i18n';
import { FieldError } from '@sso/shared/ui';

export interface ComboboxProps<T> {
  label: string;
  /** The options for the current text (e.g. search results). */
  items: T[];
  /** Text of an option: shown in the input once chosen. */
  itemToString: (item: T | null) => string;
  itemKey: (item: T) => string | number;
  /** Option content (default: itemToString). */
  renderItem?: (item: T) => ReactNode;
  /** Options shown but not choosable (`aria-disabled`, skipped by the arrow keys), e.g. "Sudah terdaftar". */
  isItemDisabled?: (item: T) => boolean;
  /** The text typed (controlled). */
  inputValue: string;
  onInputValueChange: (value: string) => void;
  /** An option was chosen. */
  onSelect: (item: T) => void;
  onBlur?: () => void;
  loading?: boolean;
  /** Shown in the open menu instead of options, e.g. "Ketik minimal 2 huruf" (default: No options). */
  emptyText?: string;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Search-as-you-type combobox (Downshift useCombobox, ARIA 1.2: arrows, Enter, Escape). The caller
 * owns the text and the search; the menu shows `Loading...` and `No options` (spec 8).
 */
export function Combobox<T>({
  label,
  items,
  itemToString,
  itemKey,
  renderItem,
  isItemDisabled,
  inputValue,
  onInputValueChange,
  onSelect,
  onBlur,
  loading = false,
  emptyText = t.common.noOptions,
  placeholder,
  error,
  disabled = false,
}: ComboboxProps<T>) {
  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<T>({
      items: loading ? [] : items,
      itemToString,
      isItemDisabled: isItemDisabled ? (item) => isItemDisabled(item) : undefined,
      inputValue,
      onInputValueChange: ({ inputValue: next }) => onInputValueChange(next),
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem !== null && selectedItem !== undefined) onSelect(selectedItem);
      },
    });
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label {...getLabelProps()} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          className={`${styles.input} ${error ? styles.invalid : ''}`}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...getInputProps({ onBlur })}
        />
        <ListboxMenu
          menuProps={getMenuProps()}
          isOpen={isOpen}
          loading={loading}
          empty={items.length === 0}
          emptyText={emptyText}
        >
          {items.map((item, index) => (
            <li
              key={itemKey(item)}
              className={optionClass(highlightedIndex === index, isItemDisabled?.(item) && styles.disabled)}
              {...getItemProps({ item, index })}
            >
              {renderItem ? renderItem(item) : itemToString(item)}
            </li>
          ))}
        </ListboxMenu>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
