import { accessLevelSchema, type AccessLevel } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { rolesText } from '../../texts';
import styles from './menu-tree.module.css';

const LEVELS: readonly AccessLevel[] = [1, 2, 3];

export interface AccessLevelSelectProps {
  /** The menu it belongs to: its screen-reader name is "Level akses {menu}". */
  menuName: string;
  value: AccessLevel;
  onChange: (level: AccessLevel) => void;
  /** Unticked menus have no level to choose. */
  disabled: boolean;
  /** The levels the signed-in user may give here (up to their own, issue 18); the current one stays. */
  allowed?: readonly AccessLevel[];
}

/** Owner (1), Modifier (2) or Viewer (3) for one menu: a native select, keyboard-operable as is. */
export function AccessLevelSelect({ menuName, value, onChange, disabled, allowed }: AccessLevelSelectProps) {
  return (
    <select
      className={styles.level}
      aria-label={rolesText.form.levelOf(menuName)}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        const level = accessLevelSchema.safeParse(Number(event.target.value));
        if (level.success) onChange(level.data);
      }}
    >
      {LEVELS.filter((level) => !allowed || allowed.includes(level) || level === value).map((level) => (
        <option key={level} value={level}>
          {t.roles.accessLevels[level]}
        </option>
      ))}
    </select>
  );
}
