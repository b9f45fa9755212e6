import styles from './role-chip.module.css';
import { safeHexColor } from '@sso/shared/ui';

export interface RoleChipProps {
  name: string;
  /** `#rrggbb` role colour; anything else falls back to grey. */
  color: string | null | undefined;
}

/**
 * A role name in a chip of its colour (spec 2 "role chip with colour"). The text colour is picked
 * for contrast (WCAG AA) against the role colour.
 */
export function RoleChip({ name, color }: RoleChipProps) {
  const background = safeHexColor(color);
  return (
    <span className={styles.chip} style={{ background, color: readableTextColor(background) }}>
      {name}
    </span>
  );
}

/** Black or white, whichever contrasts more with `#rrggbb`. */
export function readableTextColor(hex: string): '#000000' | '#ffffff' {
  const l = relativeLuminance(safeHexColor(hex));
  // Contrast with white: 1.05 / (l + 0.05); with black: (l + 0.05) / 0.05.
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
