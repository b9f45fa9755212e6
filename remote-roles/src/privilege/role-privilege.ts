import { useMemo } from 'react';
import { covers, grantableLevels, type AccessLevel, type GrantPlace } from '@sso/shared/access';
import type { Menu, Role } from '@sso/shared/contract';
import { sessionGrants, useSession, type Session } from '@sso/shared/session';
import { findApp, setChildChecked, setLevel, setMenuChecked, type Selection } from '../shared/selection';

/**
 * What the signed-in user may do to roles beyond their level (issue 18, ADR 0007), from their own
 * grants (the stored session's `user_menu`, read again when the shell opens) through the shared
 * rule the api applies: edit or delete only roles their role covers; grant only what they hold, at
 * most at their own level. The api refuses the rest.
 */
export interface RolePrivilege {
  /** Whether the role may be edited or deleted (the actor's role covers it). */
  mayTouch: (role: Pick<Role, 'applications'>) => boolean;
  /** Whether it is the signed-in user's own role. */
  isOwn: (role: Pick<Role, 'id'>) => boolean;
  /** Levels the actor may give at a place, strongest first; none when they do not hold it. */
  levels: (place: GrantPlace) => AccessLevel[];
  /** An application's selection without the menus and sub-menus the actor does not hold. */
  prune: (selection: Selection, appsId: number, tree: readonly Menu[]) => Selection;
  /**
   * Every granted level of these menus brought down to the actor's own at its place: a level set on
   * a menu goes to its sub-menus, and "Atur semua" to every menu, but never above what the actor holds.
   */
  clamp: (selection: Selection, appsId: number, tree: readonly Menu[]) => Selection;
  /**
   * The levels "Atur semua" offers for an application: only those it would set on every ticked menu
   * and sub-menu (on every menu the actor holds while none is ticked), strongest first. Issue 37: a
   * level select never offers a level it will not set (an Admin is not offered Owner).
   */
  setAllLevels: (selection: Selection, appsId: number, tree: readonly Menu[]) => AccessLevel[];
}

export function rolePrivilege(session: Session | null): RolePrivilege {
  const grants = sessionGrants(session);
  const levels = (place: GrantPlace) => grantableLevels(grants, place);
  const setAllLevelsOf = (selection: Selection, appsId: number, tree: readonly Menu[]): AccessLevel[] => {
    const ticked = findApp(selection, appsId)?.menus ?? [];
    const places: GrantPlace[] = [];
    for (const menu of tree) {
      const grant = ticked.find((m) => m.id === menu.id);
      if (ticked.length > 0 && !grant) continue;
      places.push({ appId: appsId, menu: menu.name });
      for (const child of menu.menu) {
        if (ticked.length > 0 && !grant?.children.some((c) => c.id === child.id)) continue;
        places.push({ appId: appsId, menu: menu.name, child: child.name });
      }
    }
    const held = places.map(levels).filter((offered) => offered.length > 0);
    if (held.length === 0) return [];
    return ([1, 2, 3] as const).filter((level) => held.every((offered) => offered.includes(level)));
  };
  return {
    setAllLevels: setAllLevelsOf,
    mayTouch: (role) => covers(grants, role.applications),
    isOwn: (role) =>
      session?.role_id !== undefined &&
      session.role_id !== null &&
      String(session.role_id) === String(role.id),
    levels,
    prune: (selection, appsId, tree) =>
      tree.reduce((pruned, menu) => {
        if (levels({ appId: appsId, menu: menu.name }).length === 0) {
          return setMenuChecked(pruned, appsId, menu, false);
        }
        return menu.menu.reduce(
          (inner, child) =>
            levels({ appId: appsId, menu: menu.name, child: child.name }).length === 0
              ? setChildChecked(inner, appsId, menu, child.id, false)
              : inner,
          pruned,
        );
      }, selection),
    clamp: (selection, appsId, tree) =>
      tree.reduce((clamped, menu) => {
        const grantOf = (current: Selection) => findApp(current, appsId)?.menus.find((m) => m.id === menu.id);
        const strongest = levels({ appId: appsId, menu: menu.name })[0];
        let next = clamped;
        const grant = grantOf(next);
        if (grant && strongest !== undefined && grant.access_level < strongest) {
          // Only the menu's own level: its sub-menus are brought down one by one below.
          next = setLevel(next, appsId, menu.id, strongest);
          const kept = new Map(grant.children.map((child) => [child.id, child.access_level]));
          for (const [childId, level] of kept) next = setLevel(next, appsId, childId, level, menu.id);
        }
        for (const child of grantOf(next)?.children ?? []) {
          const name = menu.menu.find((m) => m.id === child.id)?.name;
          const cap =
            name === undefined ? undefined : levels({ appId: appsId, menu: menu.name, child: name })[0];
          if (cap !== undefined && child.access_level < cap)
            next = setLevel(next, appsId, child.id, cap, menu.id);
        }
        return next;
      }, selection),
  };
}

export function useRolePrivilege(): RolePrivilege {
  const session = useSession();
  return useMemo(() => rolePrivilege(session), [session]);
}
