import type { AccessLevel, RoleApplication, RoleMenu } from '@sso/shared/contract';
import { sql } from 'kysely';
import type { Q } from '../db/store';

interface GrantedAppRow {
  role_id: number;
  app_id: number;
  app_name: string;
  logo_file: string;
}

interface GrantedMenuRow {
  role_id: number;
  app_id: number;
  id: number;
  parent_id: number | null;
  panel_key: string | null;
  name: string;
  access_level: number;
}

const toLevel = (value: number): AccessLevel => (value === 1 ? 1 : value === 2 ? 2 : 3);

/**
 * The application/menu tree each role grants (`acces_level`, spec spelling), in two queries for any
 * number of roles: apps by id, menus by position.
 */
export async function loadRoleApplications(
  q: Q,
  roleIds: readonly number[],
  logoUrl: (file: string) => string,
): Promise<Map<number, RoleApplication[]>> {
  if (roleIds.length === 0) return new Map();
  const ids = [...new Set(roleIds)];
  const apps = await q
    .selectFrom('role_apps as ra')
    .innerJoin('applications as a', 'a.id', 'ra.app_id')
    .select(['ra.role_id', 'a.id as app_id', 'a.name as app_name', 'a.logo_file'])
    .where('ra.role_id', 'in', ids)
    .orderBy('ra.role_id')
    .orderBy('a.id')
    .execute();
  const { rows: menus } =
    await sql<GrantedMenuRow>`SELECT rm.role_id, m.app_id, m.id, m.parent_id, m.panel_key,
       m.name, rm.access_level
     FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
     WHERE rm.role_id IN (${sql.join(ids)})
     ORDER BY rm.role_id, m.app_id, m.parent_id IS NOT NULL, m.position, m.id`.execute(q);
  return grantTree(apps, menus, logoUrl);
}

/** The roles' application/menu trees from their granted apps and menus (in the queries' order). */
function grantTree(
  apps: readonly GrantedAppRow[],
  menus: readonly GrantedMenuRow[],
  logoUrl: (file: string) => string,
): Map<number, RoleApplication[]> {
  const result = new Map<number, RoleApplication[]>();
  const menusByApp = new Map<string, RoleMenu[]>();
  const topMenus = new Map<string, RoleMenu>();
  for (const row of menus) {
    const appKey = `${row.role_id}:${row.app_id}`;
    if (row.parent_id === null) {
      const menu: RoleMenu = {
        id: row.id,
        key: row.panel_key,
        name: row.name,
        acces_level: toLevel(row.access_level),
        children: [],
      };
      topMenus.set(`${row.role_id}:${row.id}`, menu);
      const list = menusByApp.get(appKey) ?? [];
      list.push(menu);
      menusByApp.set(appKey, list);
    } else {
      // A sub-menu shows under its granted parent; one without a granted parent is not reachable.
      topMenus.get(`${row.role_id}:${row.parent_id}`)?.children.push({
        id: row.id,
        key: row.panel_key,
        name: row.name,
        acces_level: toLevel(row.access_level),
      });
    }
  }

  for (const app of apps) {
    const list = result.get(app.role_id) ?? [];
    list.push({
      apps_id: app.app_id,
      apps_name: app.app_name,
      logo_url: logoUrl(app.logo_file),
      menus: menusByApp.get(`${app.role_id}:${app.app_id}`) ?? [],
    });
    result.set(app.role_id, list);
  }
  return result;
}
