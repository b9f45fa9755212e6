import type { Menu } from '@sso/shared/contract';
import { Checkbox } from '@sso/shared/ui-data';
import {
  isChildChecked,
  levelOf,
  setChildChecked,
  setLevel,
  type Selection,
  type SelectionUpdate,
} from '../../shared/selection';
import { useRolePrivilege } from '../../privilege/role-privilege';
import { AccessLevelSelect } from './access-level-select';
import { NotHeld } from './not-held';
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
  const allowed = useRolePrivilege().levels({ appId: appsId, menu: parent.name, child: child.name });
  return (
    <li className={`${styles.row} ${styles.childRow}`}>
      <Checkbox
        className={styles.check}
        label={allowed.length === 0 ? <NotHeld name={child.name} /> : child.name}
        checked={checked}
        disabled={allowed.length === 0 && !checked}
        onCheckedChange={(next) => onChange((s) => setChildChecked(s, appsId, parent, child.id, next))}
      />
      <AccessLevelSelect
        menuName={child.name}
        value={levelOf(selection, appsId, child.id, parent.id)}
        disabled={!checked}
        allowed={allowed}
        onChange={(level) => onChange((s) => setLevel(s, appsId, child.id, level, parent.id))}
      />
    </li>
  );
}
