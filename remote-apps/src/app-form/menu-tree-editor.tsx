import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { APPLICATION_LIMITS } from '@sso/shared/contract';
import { Button, ChevronDownIcon, CloseIcon, FieldError } from '@sso/shared/ui';
import { appsText } from '../texts';
import type { AppFormValues } from './app-form-model';
import {
  addMenu,
  addSubMenu,
  countMenus,
  moveNode,
  removeNode,
  renameNode,
  type MenuTree,
  type SubMenuNode,
} from './menu-tree-model';
import styles from './menu-tree-editor.module.css';

/** Error messages by node, as react-hook-form holds them (`[m].name`, `[m].children[c].name`). */
export type MenuTreeErrors = FieldErrors<AppFormValues>['menus'];

export interface MenuTreeEditorProps {
  value: MenuTree;
  onChange: (tree: MenuTree) => void;
  /** Menus the panel's access model uses: not renamed, not removed. */
  lockedIds: ReadonlySet<number>;
  errors?: MenuTreeErrors | undefined;
  /** A message about the whole tree (limit, server refusal). */
  error?: string | undefined;
  /** App 1's tree, the panel's own: no menu may be added (the api refuses any change but order). */
  fixed?: boolean;
}

/**
 * The menu tree editor: "Tambah Menu", "Tambah Sub-menu" under a menu, rename in place, reorder
 * with buttons (keyboard reachable, focus stays on the moved row's button), remove. Two levels.
 */
export function MenuTreeEditor({
  value,
  onChange,
  lockedIds,
  errors,
  error,
  fixed = false,
}: MenuTreeEditorProps) {
  const errorId = useId();
  const total = countMenus(value);
  const full = total >= APPLICATION_LIMITS.menus;
  return (
    <div className={styles.editor}>
      {value.length === 0 ? <p className={styles.empty}>{appsText.form.noMenus}</p> : null}
      <ol
        className={styles.menus}
        aria-label={appsText.form.menuSection}
        aria-describedby={error ? errorId : undefined}
      >
        {value.map((menu, m) => {
          const label = menu.name.trim() || appsText.form.newMenu;
          return (
            <li key={menu.key} className={styles.menu}>
              <NodeRow
                node={menu}
                label={appsText.form.menuName(m + 1)}
                display={label}
                first={m === 0}
                last={m === value.length - 1}
                locked={menu.id !== undefined && lockedIds.has(menu.id)}
                error={errors?.[m]?.name?.message}
                onRename={(name) => onChange(renameNode(value, menu.key, name))}
                onMove={(by) => onChange(moveNode(value, menu.key, by))}
                onRemove={() => onChange(removeNode(value, menu.key))}
              />
              {menu.children.length > 0 ? (
                <ol className={styles.children} aria-label={`Sub-menu ${label}`}>
                  {menu.children.map((child, c) => (
                    <li key={child.key}>
                      <NodeRow
                        node={child}
                        label={appsText.form.subMenuName(menu.name.trim(), c + 1)}
                        display={child.name.trim() || appsText.form.newMenu}
                        first={c === 0}
                        last={c === menu.children.length - 1}
                        locked={child.id !== undefined && lockedIds.has(child.id)}
                        error={errors?.[m]?.children?.[c]?.name?.message}
                        onRename={(name) => onChange(renameNode(value, child.key, name))}
                        onMove={(by) => onChange(moveNode(value, child.key, by))}
                        onRemove={() => onChange(removeNode(value, child.key))}
                      />
                    </li>
                  ))}
                </ol>
              ) : null}
              {fixed ? null : (
                <Button
                  variant="link"
                  className={styles.addChild}
                  disabled={full}
                  aria-label={appsText.form.addSubMenuTo(label)}
                  onClick={() => onChange(addSubMenu(value, menu.key))}
                >
                  + {appsText.form.addSubMenu}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <FieldError id={errorId} message={error} />
      <div className={styles.footer}>
        {fixed ? (
          <p className={styles.empty}>{appsText.form.panelTreeFixed}</p>
        ) : (
          <Button variant="secondary" disabled={full} onClick={() => onChange(addMenu(value))}>
            + {appsText.form.addMenu}
          </Button>
        )}
        <span className={styles.count}>{appsText.form.menuCount(total, APPLICATION_LIMITS.menus)}</span>
      </div>
    </div>
  );
}

interface NodeRowProps {
  node: SubMenuNode;
  /** The input's accessible name ("Nama menu 2"). */
  label: string;
  /** The node's name as the buttons say it. */
  display: string;
  first: boolean;
  last: boolean;
  locked: boolean;
  error: string | undefined;
  onRename: (name: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function NodeRow({
  node,
  label,
  display,
  first,
  last,
  locked,
  error,
  onRename,
  onMove,
  onRemove,
}: NodeRowProps) {
  const errorId = useId();
  return (
    <div className={styles.node}>
      <div className={styles.row}>
        <input
          className={`${styles.input} ${error ? styles.invalid : ''}`}
          aria-label={label}
          value={node.name}
          maxLength={APPLICATION_LIMITS.menuName}
          readOnly={locked}
          title={locked ? appsText.form.locked : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onRename(event.target.value)}
        />
        <button
          type="button"
          className={styles.icon}
          aria-label={appsText.form.moveUp(display)}
          title={appsText.form.moveUp(display)}
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <ChevronDownIcon className={styles.up} />
        </button>
        <button
          type="button"
          className={styles.icon}
          aria-label={appsText.form.moveDown(display)}
          title={appsText.form.moveDown(display)}
          disabled={last}
          onClick={() => onMove(1)}
        >
          <ChevronDownIcon />
        </button>
        <button
          type="button"
          className={`${styles.icon} ${styles.remove}`}
          aria-label={appsText.form.remove(display)}
          title={locked ? appsText.form.locked : appsText.form.remove(display)}
          disabled={locked}
          onClick={onRemove}
        >
          <CloseIcon />
        </button>
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
