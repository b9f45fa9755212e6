import type { Menu } from '@sso/shared/contract';
import { Checkbox } from '@sso/shared/ui-data';
import {
  isChildChecked,
  levelOf,
  setChildChecked,
  setLevel,
  type Selection,
  type SelectionUpdate,
} from '../selection';
import { AccessLevelSelect } from './access-level-select';
import styles from './menu-tree.module.css';

export interface SubMenuRowProps {
  appsId: number;
  parent: Menu;
  child: Menu;
  selection: Selection;
  onChange: SelectionUpdate;
}

/** One sub-menu: its checkbox (ticking it ticks its parent and application) and its level. */
export function SubMenuRow({ appsId, parent, child, selection, onChange }: SubMenuRowProps) {
  const checked = isChildChecked(selection, appsId, parent.id, child.id);
  return (
    <li className={`${styles.row} ${styles.childRow}`}>
      <Checkbox
        className={styles.check}
        label={child.name}
        checked={checked}
        onCheckedChange={(next) => onChange((s) => setChildChecked(s, appsId, parent, child.id, next))}
      />
      <AccessLevelSelect
        menuName={child.name}
        value={levelOf(selection, appsId, child.id, parent.id)}
        disabled={!checked}
        onChange={(level) => onChange((s) => setLevel(s, appsId, child.id, level, parent.id))}
      />
    </li>
  );
}
