import type { Menu } from '@sso/shared/contract';
import { rolesText } from '../../texts';
import type { Selection, SelectionUpdate } from '../selection';
import { MenuTreeItem } from './menu-tree-item';
import styles from './menu-tree.module.css';

export interface MenuTreeProps {
  appsId: number;
  appName: string;
  tree: readonly Menu[];
  selection: Selection;
  onChange: SelectionUpdate;
}

/**
 * The menu/sub-menu tree of one application, each with a checkbox and an access level. Plain lists
 * in reading order: Tab walks expand → checkbox → level of each row, Space toggles a checkbox, and
 * every control is named after its menu. The list is 423 px high and scrolls (spec 2).
 */
export function MenuTree({ appsId, appName, tree, selection, onChange }: MenuTreeProps) {
  return (
    <div className={styles.frame}>
      <div className={styles.head} aria-hidden="true">
        <span>{rolesText.form.menuColumn}</span>
        <span>{rolesText.form.accessColumn}</span>
      </div>
      <div className={styles.scroll}>
        <ul className={styles.tree} aria-label={rolesText.form.menusOf(appName)}>
          {tree.map((menu) => (
            <MenuTreeItem
              key={menu.id}
              appsId={appsId}
              menu={menu}
              selection={selection}
              onChange={onChange}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
