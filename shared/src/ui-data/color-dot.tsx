import styles from './color-dot.module.css';
import { safeHexColor } from '@sso/shared/ui';

export interface ColorDotProps {
  /** `#rrggbb`; anything else falls back to a neutral grey. */
  color: string | null | undefined;
  /** Diameter in px (default 10). */
  size?: number;
}

/** A decorative colour dot (role colour). Hidden from screen readers: put the name beside it. */
export function ColorDot({ color, size = 10 }: ColorDotProps) {
  return (
    <span
      className={styles.dot}
      aria-hidden="true"
      // Dynamic values only: the colour and size come from data.
      style={{ background: safeHexColor(color), width: size, height: size }}
    />
  );
}
