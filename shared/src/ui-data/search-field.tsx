import { useEffect, useId, useRef, useState } from 'react';
import styles from './search-field.module.css';
import { CloseIcon, SearchIcon } from '@sso/shared/ui';
import { SEARCH_DEBOUNCE_MS } from './use-debounced-value';

export interface SearchFieldProps {
  /** Accessible name (visually hidden; also the default placeholder). */
  label: string;
  /** The committed search text, e.g. `keyword` from useListSearchParams. */
  value: string;
  /** Called with the trimmed text once typing pauses for `debounceMs`, or at once on Enter / clear. */
  onSearch: (value: string) => void;
  placeholder?: string;
  debounceMs?: number;
  className?: string;
}

/**
 * Search box of a list (spec 4: "search … fires after 500 ms"). Keeps what the user types locally
 * and commits it debounced; when `value` changes from outside (back/forward, a shared link) the box
 * shows it, while the echo of its own commit leaves the text being typed alone.
 */
export function SearchField({
  label,
  value,
  onSearch,
  placeholder,
  debounceMs = SEARCH_DEBOUNCE_MS,
  className,
}: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  const [committed, setCommitted] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Outside change of `value` (not the echo of our own commit): show it.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== committed) {
      setCommitted(value);
      setText(value);
    }
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    setCommitted(trimmed);
    if (trimmed !== value) onSearch(trimmed);
  };

  return (
    <div className={`${styles.field} ${className ?? ''}`} role="search">
      <label htmlFor={id} className="sso-visually-hidden">
        {label}
      </label>
      <SearchIcon className={styles.icon} />
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        placeholder={placeholder ?? label}
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), debounceMs);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(text);
          }
        }}
      />
      {text ? (
        <button
          type="button"
          className={styles.clear}
          aria-label="Hapus pencarian"
          onClick={() => {
            setText('');
            commit('');
          }}
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}

/** The search box of a list page, bound to the keyword in its URL (`useListSearchParams`). */
export function ListSearchField({
  list,
  ...props
}: Omit<SearchFieldProps, 'value' | 'onSearch'> & {
  list: { keyword: string; setKeyword: (keyword: string) => void };
}) {
  return <SearchField {...props} value={list.keyword} onSearch={list.setKeyword} />;
}
