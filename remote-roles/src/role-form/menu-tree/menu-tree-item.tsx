import { useId, useState } from 'react';
import type { Menu } from '@sso/shared/contract';
import { ChevronDownIcon, ChevronRightIcon } from '@sso/shared/ui';
import { Checkbox } from '@sso/shared/ui-data';
import { rolesText } from '../../texts';
import {
  levelOf,
  menuCheckState,
  setLevel,
  setMenuChecked,
  type Selection,
  type SelectionUpdate,
} from '../../shared/selection';
import { useRolePrivilege } from '../../privilege/role-privilege';
import { AccessLevelSelect } from './access-level-select';
import { NotHeld } from './not-held';
import { SubMenuRow } from './sub-menu-row';
import styles from './menu-tree.module.css';

export interface MenuTreeItemProps {
  appsId: number;
  menu: Menu;
  selection: Selection;
  onChange: SelectionUpdate;
}

/**
 * A top-level menu: expand control (when it has sub-menus), tri-state checkbox (mixed when only
 * some sub-menus are ticked), level select, then its sub-menus.
 */
export function MenuTreeItem({ appsId, menu, selection, onChange }: MenuTreeItemProps) {
  const [expanded, setExpanded] = useState(true);
  const groupId = useId();
  const state = menuCheckState(selection, appsId, menu);
  const hasChildren = menu.menu.length > 0;
  // Only what the signed-in user holds can be granted, at most at their own level (issue 18).
  const privilege = useRolePrivilege();
  const allowed = privilege.levels({ appId: appsId, menu: menu.name });
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        {hasChildren ? (
          <button
            type="button"
            className={styles.expand}
            aria-expanded={expanded}
            aria-controls={groupId}
            aria-label={expanded ? rolesText.form.collapse(menu.name) : rolesText.form.expand(menu.name)}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? <ChevronDownIcon size={16} /> : <ChevronRightIcon size={16} />}
          </button>
        ) : (
          <span className={styles.expandSpacer} aria-hidden="true" />
        )}
        <Checkbox
          className={`${styles.check} ${styles.parentName}`}
          label={allowed.length === 0 ? <NotHeld name={menu.name} /> : menu.name}
          checked={state}
          disabled={allowed.length === 0 && state === false}
          // A ticked parent unticks; an unticked or mixed one ticks with the sub-menus the user holds.
          onCheckedChange={() =>
            onChange((s) => privilege.prune(setMenuChecked(s, appsId, menu, state !== true), appsId, [menu]))
          }
        />
        <AccessLevelSelect
          menuName={menu.name}
          value={levelOf(selection, appsId, menu.id)}
          disabled={state === false}
          allowed={allowed}
          onChange={(level) =>
            onChange((s) => privilege.clamp(setLevel(s, appsId, menu.id, level), appsId, [menu]))
          }
        />
      </div>
      {hasChildren ? (
        <ul
          id={groupId}
          className={styles.children}
          aria-label={rolesText.form.subMenusOf(menu.name)}
          hidden={!expanded}
        >
          {menu.menu.map((child) => (
            <SubMenuRow
              key={child.id}
              appsId={appsId}
              parent={menu}
              child={child}
              selection={selection}
              onChange={onChange}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
