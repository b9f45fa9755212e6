import styles from './logo-stack.module.css';
import { overflowLabel, splitOverflow, OVERFLOW_VISIBLE } from './overflow';
import { safeHttpUrl } from '@sso/shared/ui';

export interface LogoStackItem {
  /** Stable key (an id). */
  key: string | number;
  /** Name: the image's alt text and tooltip. */
  name: string;
  /** Logo URL; only http(s) is rendered, anything else shows the name's initial. */
  url: string | null | undefined;
}

export interface LogoStackProps {
  items: LogoStackItem[];
  /** How many logos before `+n` (spec 9: 3). */
  max?: number;
  /** Logo size in px (default 28). */
  size?: number;
}

/** Spec 2/9: company or application logos, the first 3 then `+n` (the badge names the rest). */
export function LogoStack({ items, max = OVERFLOW_VISIBLE, size = 28 }: LogoStackProps) {
  const { visible, hidden } = splitOverflow(items, max);
  if (items.length === 0) return <span className={styles.none}>-</span>;
  const rest = items.slice(visible.length).map((item) => item.name);
  return (
    <span className={styles.stack}>
      {visible.map((item) => {
        const src = safeHttpUrl(item.url);
        return src ? (
          <img
            key={item.key}
            className={styles.logo}
            src={src}
            alt={item.name}
            title={item.name}
            width={size}
            height={size}
            loading="lazy"
          />
        ) : (
          <span
            key={item.key}
            className={styles.fallback}
            role="img"
            aria-label={item.name}
            title={item.name}
          >
            {item.name.trim().charAt(0).toUpperCase() || '?'}
          </span>
        );
      })}
      {hidden > 0 ? (
        <span
          className={styles.more}
          title={rest.join(', ')}
          aria-label={`${hidden} lainnya: ${rest.join(', ')}`}
        >
          {overflowLabel(hidden)}
        </span>
      ) : null}
    </span>
  );
}
