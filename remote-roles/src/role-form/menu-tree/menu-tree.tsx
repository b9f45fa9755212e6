import { accessLevelSchema, type Menu } from '@sso/shared/contract';
import { t } from '@sso/shared/i18n';
import { rolesText } from '../../texts';
import { isAppSelected, setAllLevels, type Selection, type SelectionUpdate } from '../../shared/selection';
import { useRolePrivilege } from '../../privilege/role-privilege';
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
  const privilege = useRolePrivilege();
  const offered = privilege.setAllLevels(selection, appsId, tree);
  return (
    <div className={styles.frame}>
      <div className={styles.head}>
        <span aria-hidden="true">{rolesText.form.menuColumn}</span>
        <label className={styles.setAll}>
          <span>{rolesText.form.setAll}</span>
          <select
            className={styles.level}
            aria-label={rolesText.form.setAllOf(appName)}
            // A command, not a state: it always shows its prompt again.
            value=""
            disabled={!isAppSelected(selection, appsId) || offered.length === 0}
            onChange={(event) => {
              const level = accessLevelSchema.safeParse(Number(event.target.value));
              // Never above the signed-in user's own level at any menu (issue 18).
              if (level.success)
                onChange((s) => privilege.clamp(setAllLevels(s, appsId, level.data), appsId, tree));
            }}
          >
            <option value="" disabled>
              {rolesText.form.setAllPrompt}
            </option>
            {/* Only levels it sets on every ticked menu (issue 37). */}
            {offered.map((level) => (
              <option key={level} value={level}>
                {t.roles.accessLevels[level]}
              </option>
            ))}
          </select>
        </label>
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
