import { useId } from 'react';
import { useSelect } from 'downshift';
import styles from './multi-select.module.css';
import { ListboxMenu, optionClass } from './listbox-menu';
import type { SelectOption } from './select';
import { ChevronDownIcon, CloseIcon } from '@sso/shared/ui';
import { FieldError } from '@sso/shared/ui';

export interface MultiSelectAllOption {
  /** Label of the first option and of the chip shown when everything is chosen (e.g. `All`). */
  label: string;
  /** `true`: choose every option; `false`: clear them all. */
  onToggle: (selectAll: boolean) => void;
}

export interface MultiSelectProps<V extends string | number> {
  label: string;
  options: SelectOption<V>[];
  selected: readonly V[];
  /** Adds or removes one option. */
  onToggle: (value: V) => void;
  /** Optional "All" option. When every option is chosen the chips collapse into one All chip. */
  allOption?: MultiSelectAllOption;
  onBlur?: () => void;
  placeholder?: string;
  loading?: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

type Item<V extends string | number> = { kind: 'all' } | { kind: 'option'; option: SelectOption<V> };

/**
 * Multi-select (Downshift useSelect kept open while choosing): chosen options show as chips with a
 * remove button each; the menu marks chosen options. Spec 8 defaults `No options` / `Loading...`.
 */
export function MultiSelect<V extends string | number>({
  label,
  options,
  selected,
  onToggle,
  allOption,
  onBlur,
  placeholder = 'Pilih',
  loading = false,
  error,
  disabled = false,
}: MultiSelectProps<V>) {
  const errorId = useId();
  const chosen = new Set<V>(selected);
  const allChosen = options.length > 0 && options.every((option) => chosen.has(option.value));
  const items: Item<V>[] = [
    ...(allOption && options.length > 0 ? [{ kind: 'all' } as const] : []),
    ...options.map((option) => ({ kind: 'option', option }) as const),
  ];
  const choose = (item: Item<V>) => {
    if (item.kind === 'all') allOption?.onToggle(!allChosen);
    else onToggle(item.option.value);
  };
  const { isOpen, getLabelProps, getToggleButtonProps, getMenuProps, getItemProps, highlightedIndex } =
    useSelect<Item<V>>({
      items: loading ? [] : items,
      selectedItem: null,
      itemToString: (item) =>
        item === null ? '' : item.kind === 'all' ? (allOption?.label ?? '') : item.option.label,
      stateReducer: (state, { changes, type }) => {
        switch (type) {
          case useSelect.stateChangeTypes.ToggleButtonKeyDownEnter:
          case useSelect.stateChangeTypes.ToggleButtonKeyDownSpaceButton:
          case useSelect.stateChangeTypes.ItemClick:
            // Stay open on the same option: several can be chosen in a row.
            return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex };
          default:
            return changes;
        }
      },
      onStateChange: ({ type, selectedItem }) => {
        switch (type) {
          case useSelect.stateChangeTypes.ToggleButtonKeyDownEnter:
          case useSelect.stateChangeTypes.ToggleButtonKeyDownSpaceButton:
          case useSelect.stateChangeTypes.ItemClick:
            if (selectedItem) choose(selectedItem);
            break;
          default:
            break;
        }
      },
    });
  const chips =
    allOption && allChosen
      ? [{ key: '__all', label: allOption.label, remove: () => allOption.onToggle(false) }]
      : options
          .filter((option) => chosen.has(option.value))
          .map((option) => ({
            key: String(option.value),
            label: option.label,
            remove: () => onToggle(option.value),
          }));
  const isChosen = (item: Item<V>) => (item.kind === 'all' ? allChosen : chosen.has(item.option.value));

  return (
    <div
      className={styles.field}
      onBlur={(event) => {
        // Blur of the whole control (focus left it), not of one chip button inside it.
        const next = event.relatedTarget;
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) onBlur?.();
      }}
    >
      <label {...getLabelProps()} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.box} ${error ? styles.invalid : ''}`}>
        {chips.length > 0 ? (
          <ul className={styles.chips} aria-label={`${label} terpilih`}>
            {chips.map((chip) => (
              <li key={chip.key} className={styles.chip}>
                <span>{chip.label}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Hapus ${chip.label}`}
                  disabled={disabled}
                  onClick={chip.remove}
                >
                  <CloseIcon size={14} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={styles.control}>
          <div
            className={styles.toggle}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...getToggleButtonProps({ disabled })}
          >
            <span className={styles.placeholder}>{placeholder}</span>
            <ChevronDownIcon />
          </div>
          <ListboxMenu
            menuProps={getMenuProps({ 'aria-multiselectable': true })}
            isOpen={isOpen}
            loading={loading}
            empty={items.length === 0}
            className={styles.menu}
          >
            {items.map((item, index) => (
              <li
                key={item.kind === 'all' ? '__all' : String(item.option.value)}
                className={optionClass(highlightedIndex === index)}
                {...getItemProps({ item, index, 'aria-selected': isChosen(item) })}
              >
                <span
                  className={`${styles.mark} ${isChosen(item) ? styles.marked : ''}`}
                  aria-hidden="true"
                />
                {item.kind === 'all' ? allOption?.label : item.option.label}
              </li>
            ))}
          </ListboxMenu>
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
