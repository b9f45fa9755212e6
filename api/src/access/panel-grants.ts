import { SSO_PANEL_APP_ID, type GrantedApp } from '@sso/shared/contract';
import { sql } from 'kysely';
import type { Store } from '../db/store';

interface GrantRow {
  id: number;
  parent_id: number | null;
  panel_key: string;
  name: string;
  access_level: number;
}

type GrantedMenu = GrantedApp['menus'][number];

/**
 * The app-1 grants of a user's role, by panel key (a menu without one grants nothing), read on every admin request (an owner's edit of a role counts
 * from the next request, no new login): one query over primary keys (users, role_apps, role_menus
 * by role, menus). Null when the role does not grant app 1 (or the user is inactive).
 */
export function createPanelGrants(store: Store): (userId: number) => Promise<GrantedApp[] | null> {
  const app = SSO_PANEL_APP_ID;
  const rows = async (userId: number) =>
    (
      await sql<GrantRow>`SELECT m.id, m.parent_id, m.panel_key, m.name, rm.access_level
     FROM users u
     JOIN role_apps ra ON ra.role_id = u.role_id AND ra.app_id = ${app}
     JOIN role_menus rm ON rm.role_id = u.role_id
     JOIN menus m ON m.id = rm.menu_id AND m.app_id = ${app} AND m.panel_key IS NOT NULL
     WHERE u.id = ${userId} AND u.is_active = 1
     ORDER BY m.parent_id IS NOT NULL, m.position, m.id`.execute(store.db)
    ).rows;
  return async (userId) => {
    const granted = await rows(userId);
    if (granted.length === 0) return null;
    const tops = new Map<number, GrantedMenu & { children: GrantedMenu[] }>();
    for (const row of granted) {
      const menu = { key: row.panel_key, name: row.name, acces_level: row.access_level };
      // Parents come first; a sub-menu without a granted parent is not reachable (as in api/me).
      if (row.parent_id === null) tops.set(row.id, { ...menu, children: [] });
      else tops.get(row.parent_id)?.children.push(menu);
    }
    return [{ apps_id: SSO_PANEL_APP_ID, menus: [...tops.values()] }];
  };
}
