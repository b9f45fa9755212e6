import { useMemo, useState } from 'react';
import { useCombobox } from 'downshift';
import { ChevronDownIcon } from '@sso/shared/ui';
import styles from './filter-select.module.css';
import { ListboxMenu, optionClass } from './listbox-menu';
import type { SelectOption } from './select';

export interface FilterSelectOption<V extends string | number> extends SelectOption<V> {
  /** Heading the option is listed under (e.g. a unit's AP); options of one group must be adjacent. */
  group?: string;
}

export interface FilterSelectProps<V extends string | number> {
  label: string;
  /** Hide the label visually but keep it for screen readers. */
  hideLabel?: boolean;
  options: readonly FilterSelectOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  /** The first option, which clears the filter ("Semua AP"). */
  clearLabel: string;
  loading?: boolean;
}

/** Case- and accent-insensitive form used to match what is typed. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The options whose label or group contains the typed text (all of them for an empty text). */
export function filterOptions<V extends string | number>(
  options: readonly FilterSelectOption<V>[],
  query: string,
): FilterSelectOption<V>[] {
  const needle = foldForSearch(query);
  if (!needle) return [...options];
  return options.filter(
    (option) =>
      foldForSearch(option.label).includes(needle) ||
      (option.group !== undefined && foldForSearch(option.group).includes(needle)),
  );
}

interface ClearItem {
  readonly clear: true;
  readonly label: string;
}
type Item<V extends string | number> = FilterSelectOption<V> | ClearItem;
const isClear = <V extends string | number>(item: Item<V> | null): item is ClearItem =>
  item !== null && 'clear' in item;

/**
 * A list filter that filters its options as you type (Downshift useCombobox, ARIA 1.2 combobox):
 * the first option clears the filter, options may be grouped (units under their AP), long labels
 * are cut to one line and shown whole on hover (title) and while highlighted. Closed, the field
 * shows the chosen option; open, it is an empty search with the choice as its placeholder.
 */
export function FilterSelect<V extends string | number>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  clearLabel,
  loading = false,
}: FilterSelectProps<V>) {
  const clearItem = useMemo<ClearItem>(() => ({ clear: true, label: clearLabel }), [clearLabel]);
  const selected = options.find((option) => option.value === value) ?? null;
  const display = selected?.label ?? clearLabel;
  // What is typed to filter the options ('' shows them all). The field's text itself is Downshift's
  // own state: a text controlled from here loses keystrokes typed faster than React renders.
  const [query, setQuery] = useState('');

  const matches = useMemo(() => filterOptions(options, query), [options, query]);
  const items = useMemo<Item<V>[]>(() => [clearItem, ...matches], [clearItem, matches]);
  const itemToString = (item: Item<V> | null) => item?.label ?? '';
  const { InputChange } = useCombobox.stateChangeTypes;

  const {
    isOpen,
    getLabelProps,
    getInputProps,
    getToggleButtonProps,
    getMenuProps,
    getItemProps,
    highlightedIndex,
  } = useCombobox<Item<V>>({
    items,
    selectedItem: selected ?? clearItem,
    itemToString,
    // Open, the field is an empty search (the choice stays as its placeholder); closed, it shows the choice.
    stateReducer: (state, { type, changes }) => {
      if (changes.isOpen === true && !state.isOpen && type !== InputChange)
        return { ...changes, inputValue: '' };
      if (changes.isOpen === false && state.isOpen)
        return { ...changes, inputValue: itemToString(changes.selectedItem ?? state.selectedItem) };
      return changes;
    },
    onInputValueChange: ({ inputValue: next, type }) => {
      if (type === InputChange) setQuery(next);
    },
    onIsOpenChange: ({ type }) => {
      if (type !== InputChange) setQuery('');
    },
    onSelectedItemChange: ({ selectedItem: item }) => {
      if (item === null || item === undefined || isClear(item)) onChange(null);
      else onChange(item.value);
    },
  });

  let previousGroup: string | undefined;
  return (
    <div className={styles.field}>
      <label {...getLabelProps()} className={hideLabel ? 'sso-visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        {selected?.color ? (
          <span className={styles.chosenDot} style={{ background: selected.color }} />
        ) : null}
        <input
          className={`${styles.input} ${selected?.color ? styles.withDot : ''}`}
          title={display}
          placeholder={display}
          // Typing into a closed field replaces the choice shown rather than adding to it.
          {...getInputProps({ onFocus: (event) => event.currentTarget.select() })}
        />
        <button
          type="button"
          className={styles.toggle}
          tabIndex={-1}
          aria-label={`Pilihan ${label}`}
          {...getToggleButtonProps()}
        >
          <ChevronDownIcon />
        </button>
        <ListboxMenu
          menuProps={getMenuProps()}
          isOpen={isOpen}
          loading={loading}
          empty={matches.length === 0}
          className={isOpen ? styles.menuOpen : undefined}
        >
          {items.map((item, index) => {
            if (isClear(item)) {
              return (
                <li
                  key="__clear"
                  className={optionClass(highlightedIndex === index, value === null && styles.selected)}
                  {...getItemProps({ item, index })}
                >
                  <span className={styles.text}>{item.label}</span>
                </li>
              );
            }
            const heading =
              item.group !== undefined && item.group !== previousGroup ? (
                // Decorative: each option also names its group for screen readers.
                <li
                  key={`group:${item.group}`}
                  className={styles.group}
                  role="presentation"
                  aria-hidden="true"
                >
                  {item.group}
                </li>
              ) : null;
            previousGroup = item.group;
            return [
              heading,
              <li
                key={String(item.value)}
                title={item.label}
                className={optionClass(
                  highlightedIndex === index,
                  `${item.group !== undefined ? styles.grouped : ''} ${item.value === value ? styles.selected : ''}`,
                )}
                {...getItemProps({ item, index })}
              >
                {item.color ? <span className={styles.dot} style={{ background: item.color }} /> : null}
                <span className={styles.text}>{item.label}</span>
                {item.group !== undefined ? (
                  <span className="sso-visually-hidden">, {item.group}</span>
                ) : null}
              </li>,
            ];
          })}
        </ListboxMenu>
      </div>
    </div>
  );
}
