import {
  SSO_PANEL_APP_ID,
  type ApplicationDetail,
  type ApplicationListParams,
  type ApplicationRole,
  type ApplicationSortField,
  type ManagedApplication,
  type Menu,
} from '@sso/shared/contract';
import type { Db } from '../db/database';
import { containsPattern } from '../http/reply';
import { isUploadFile } from './logo-store';
import { findSsoClient } from './sso-client-store';

interface ApplicationRow {
  id: number;
  name: string;
  descriptions: string | null;
  url: string;
  logo_file: string;
  menu_count: number;
  role_count: number;
  blocking_role_count: number;
}

interface MenuRow {
  id: number;
  parent_id: number | null;
  name: string;
}

type LogoUrl = (file: string) => string;

const SELECT_APPLICATIONS = `SELECT a.id, a.name, a.descriptions, a.url, a.logo_file,
    (SELECT COUNT(*) FROM menus m WHERE m.app_id = a.id) AS menu_count,
    (SELECT COUNT(*) FROM role_apps ra WHERE ra.app_id = a.id) AS role_count,
    (SELECT COUNT(*) FROM role_apps ra WHERE ra.app_id = a.id
      AND ra.role_id NOT IN (SELECT value FROM json_each(?))) AS blocking_role_count
  FROM applications a`;

/** Roles whose grant does not hold back a delete by the caller (application-writes.ts `exemptRoles`), as JSON. */
type Exempt = string;

const sortColumns: Record<ApplicationSortField, string> = {
  name: 'a.name COLLATE NOCASE',
  menu_count: 'menu_count',
  role_count: 'role_count',
  id: 'a.id',
};

const toApplication = (row: ApplicationRow, logoUrl: LogoUrl): ManagedApplication => ({
  id: row.id,
  name: row.name,
  descriptions: row.descriptions,
  url: row.url,
  logo_url: logoUrl(row.logo_file),
  logo_uploaded: isUploadFile(row.logo_file),
  menu_count: row.menu_count,
  role_count: row.role_count,
  blocking_role_count: row.blocking_role_count,
});

/** GET applications/list: keyword over the name, sorting, pages; newest first by default. */
export function listManagedApplications(
  db: Db,
  params: ApplicationListParams,
  logoUrl: LogoUrl,
  exempt: Exempt,
) {
  const where = params.keyword ? `WHERE a.name LIKE ? ESCAPE '\\'` : '';
  const args = params.keyword ? [containsPattern(params.keyword)] : [];
  const total =
    db.prepare<string[], { n: number }>(`SELECT COUNT(*) AS n FROM applications a ${where}`).get(...args)
      ?.n ?? 0;
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const order = `${sortColumns[params.sortBy ?? 'id']} ${direction}, a.id ${direction}`;
  const rows = db
    .prepare<Array<string | number>, ApplicationRow>(
      `${SELECT_APPLICATIONS} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(exempt, ...args, params.perPage, (params.page - 1) * params.perPage);
  return { data: rows.map((row) => toApplication(row, logoUrl)), total };
}

/** The two-level menu tree of an application, in order (GET menu/with-child serves the same). */
export function menuTree(db: Db, appId: number): Menu[] {
  const rows = db
    .prepare<[number], MenuRow>(
      'SELECT id, parent_id, name FROM menus WHERE app_id = ? ORDER BY parent_id IS NOT NULL, position, id',
    )
    .all(appId);
  const top = new Map<number, Menu>();
  for (const row of rows) {
    if (row.parent_id === null) top.set(row.id, { id: row.id, name: row.name, menu: [] });
    else top.get(row.parent_id)?.menu.push({ id: row.id, name: row.name, menu: [] });
  }
  return [...top.values()];
}

/** GET applications/detail/{id}: the application, its menu tree and the roles granting it. */
export function findManagedApplication(
  db: Db,
  id: number,
  logoUrl: LogoUrl,
  exempt: Exempt,
): ApplicationDetail | undefined {
  const row = db
    .prepare<[string, number], ApplicationRow>(`${SELECT_APPLICATIONS} WHERE a.id = ?`)
    .get(exempt, id);
  if (!row) return undefined;
  const menus = menuTree(db, id);
  const roles = db
    .prepare<[number], ApplicationRole>(
      `SELECT r.id, r.name, c.hex_code FROM role_apps ra
       JOIN roles r ON r.id = ra.role_id JOIN colors c ON c.id = r.color_id
       WHERE ra.app_id = ? ORDER BY r.name COLLATE NOCASE, r.id`,
    )
    .all(id);
  // App 1's tree is the panel's own: every menu of it is locked (writeTree refuses any change).
  const locked =
    id === SSO_PANEL_APP_ID ? menus.flatMap((menu) => [menu, ...menu.menu]).map((menu) => menu.id) : [];
  return {
    ...toApplication(row, logoUrl),
    menus,
    roles,
    locked_menu_ids: locked,
    deletable: id !== SSO_PANEL_APP_ID,
    sso: findSsoClient(db, id),
  };
}
