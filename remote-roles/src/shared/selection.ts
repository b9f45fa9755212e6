import { DEFAULT_ACCESS_LEVEL, type AccessLevel, type Menu } from '@sso/shared/contract';

/**
 * The role editor's selection rules (spec 4 "Role editing", issue 7), as pure functions over the
 * payload-shaped selection: applications → menus → sub-menus, each with an access level.
 *
 * - Access level defaults to viewer (3).
 * - Switching an application on grants every menu and sub-menu of its tree at the default level;
 *   switching it off removes it with its menus.
 * - Ticking a menu or sub-menu ticks its application (and a sub-menu's parent menu: the api only
 *   reaches a sub-menu through its granted parent).
 * - Ticking a parent menu ticks all its sub-menus; unticking it unticks them.
 * - Unticking the last sub-menu of a parent unticks the parent; unticking the last menu of an
 *   application removes the application.
 * - A parent shows a mixed state when only some of its sub-menus are ticked.
 *
 * Everything stays sorted by id, so equal selections compare equal (dirty tracking, round trips).
 */

export interface ChildGrant {
  id: number;
  access_level: AccessLevel;
}

export interface MenuGrant {
  id: number;
  access_level: AccessLevel;
  children: ChildGrant[];
}

export interface AppGrant {
  apps_id: number;
  menus: MenuGrant[];
}

export type Selection = AppGrant[];

/** A checkbox state: ticked, unticked, or mixed (some sub-menus ticked). */
export type CheckState = boolean | 'indeterminate';

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/** Sorts applications, menus and sub-menus by id; returns new arrays, never mutates. */
export function normaliseSelection(selection: Selection): Selection {
  return [...selection]
    .sort((a, b) => a.apps_id - b.apps_id)
    .map((app) => ({
      apps_id: app.apps_id,
      menus: [...app.menus].sort(byId).map((menu) => ({
        id: menu.id,
        access_level: menu.access_level,
        children: [...menu.children].sort(byId),
      })),
    }));
}

export function findApp(selection: Selection, appsId: number): AppGrant | undefined {
  return selection.find((app) => app.apps_id === appsId);
}

function findMenu(selection: Selection, appsId: number, menuId: number): MenuGrant | undefined {
  return findApp(selection, appsId)?.menus.find((menu) => menu.id === menuId);
}

export function isAppSelected(selection: Selection, appsId: number): boolean {
  return findApp(selection, appsId) !== undefined;
}

/** How many menus and sub-menus of the application are ticked. */
export function grantedCount(selection: Selection, appsId: number): number {
  return (findApp(selection, appsId)?.menus ?? []).reduce((n, menu) => n + 1 + menu.children.length, 0);
}

/**
 * The checkbox state of a top-level menu of the tree: a menu with sub-menus is ticked when all of
 * them are, mixed when only some are (or when the role grants the menu without any of them).
 */
export function menuCheckState(selection: Selection, appsId: number, menu: Menu): CheckState {
  const grant = findMenu(selection, appsId, menu.id);
  if (!grant) return false;
  if (menu.menu.length === 0) return true;
  const ticked = new Set(grant.children.map((child) => child.id));
  return menu.menu.every((child) => ticked.has(child.id)) ? true : 'indeterminate';
}

export function isChildChecked(
  selection: Selection,
  appsId: number,
  parentId: number,
  childId: number,
): boolean {
  return findMenu(selection, appsId, parentId)?.children.some((child) => child.id === childId) ?? false;
}

/** The access level of a menu (or of a sub-menu when `parentId` is given); viewer when not ticked. */
export function levelOf(
  selection: Selection,
  appsId: number,
  menuId: number,
  parentId?: number,
): AccessLevel {
  if (parentId === undefined)
    return findMenu(selection, appsId, menuId)?.access_level ?? DEFAULT_ACCESS_LEVEL;
  const child = findMenu(selection, appsId, parentId)?.children.find((c) => c.id === menuId);
  return child?.access_level ?? DEFAULT_ACCESS_LEVEL;
}

/** Replaces (or with `null` removes) one application's grant; an application without menus goes. */
function withApp(selection: Selection, appsId: number, menus: MenuGrant[] | null): Selection {
  const others = selection.filter((app) => app.apps_id !== appsId);
  if (menus === null || menus.length === 0) return normaliseSelection(others);
  return normaliseSelection([...others, { apps_id: appsId, menus }]);
}

/** Every menu of the tree with all its sub-menus, keeping the levels already chosen. */
function grantWholeMenu(menu: Menu, existing: MenuGrant | undefined): MenuGrant {
  const levels = new Map((existing?.children ?? []).map((child) => [child.id, child.access_level]));
  return {
    id: menu.id,
    access_level: existing?.access_level ?? DEFAULT_ACCESS_LEVEL,
    children: menu.menu.map((child) => ({
      id: child.id,
      access_level: levels.get(child.id) ?? DEFAULT_ACCESS_LEVEL,
    })),
  };
}

/**
 * Switches an application on (every menu and sub-menu of `tree` at the default level; an
 * application already on is left as it is) or off (removed with all its menus).
 */
export function setAppSelected(
  selection: Selection,
  appsId: number,
  tree: readonly Menu[],
  on: boolean,
): Selection {
  if (!on) return withApp(selection, appsId, null);
  if (isAppSelected(selection, appsId)) return selection;
  if (tree.length === 0) return normaliseSelection([...selection, { apps_id: appsId, menus: [] }]);
  return withApp(
    selection,
    appsId,
    tree.map((menu) => grantWholeMenu(menu, undefined)),
  );
}

/** Ticks a top-level menu with all its sub-menus, or unticks it with them. */
export function setMenuChecked(
  selection: Selection,
  appsId: number,
  menu: Menu,
  checked: boolean,
): Selection {
  const current = findApp(selection, appsId)?.menus ?? [];
  const others = current.filter((m) => m.id !== menu.id);
  if (!checked) return withApp(selection, appsId, others);
  return withApp(selection, appsId, [...others, grantWholeMenu(menu, findMenu(selection, appsId, menu.id))]);
}

/** Ticks a sub-menu (and so its parent and application) or unticks it (the last one takes its parent). */
export function setChildChecked(
  selection: Selection,
  appsId: number,
  parent: Menu,
  childId: number,
  checked: boolean,
): Selection {
  const current = findApp(selection, appsId)?.menus ?? [];
  const others = current.filter((m) => m.id !== parent.id);
  const grant = findMenu(selection, appsId, parent.id);
  const siblings = (grant?.children ?? []).filter((child) => child.id !== childId);
  if (!checked) {
    if (!grant) return selection;
    if (siblings.length === 0) return withApp(selection, appsId, others);
    return withApp(selection, appsId, [...others, { ...grant, children: siblings }]);
  }
  const children = [
    ...siblings,
    { id: childId, access_level: levelOf(selection, appsId, childId, parent.id) },
  ];
  return withApp(selection, appsId, [
    ...others,
    { id: parent.id, access_level: grant?.access_level ?? DEFAULT_ACCESS_LEVEL, children },
  ]);
}

/**
 * Sets the level of a ticked menu (or sub-menu, with `parentId`); unticked ones are left alone. A
 * menu's new level also goes to its ticked sub-menus (each can still be changed afterwards), so
 * "owner of User Management" means its sub-menus too, and nothing is left saying otherwise.
 */
export function setLevel(
  selection: Selection,
  appsId: number,
  menuId: number,
  level: AccessLevel,
  parentId?: number,
): Selection {
  const app = findApp(selection, appsId);
  if (!app) return selection;
  const menus = app.menus.map((menu) => {
    if (parentId === undefined)
      return menu.id === menuId
        ? {
            ...menu,
            access_level: level,
            children: menu.children.map((child) => ({ ...child, access_level: level })),
          }
        : menu;
    if (menu.id !== parentId) return menu;
    return {
      ...menu,
      children: menu.children.map((child) =>
        child.id === menuId ? { ...child, access_level: level } : child,
      ),
    };
  });
  return withApp(selection, appsId, menus);
}

/** "Atur semua": every ticked menu and sub-menu of one application at one level. */
export function setAllLevels(selection: Selection, appsId: number, level: AccessLevel): Selection {
  const app = findApp(selection, appsId);
  if (!app) return selection;
  return withApp(
    selection,
    appsId,
    app.menus.map((menu) => ({
      ...menu,
      access_level: level,
      children: menu.children.map((child) => ({ ...child, access_level: level })),
    })),
  );
}

/** Applies a selection rule to the latest selection (components pass rules, not values). */
export type SelectionUpdate = (update: (selection: Selection) => Selection) => void;
