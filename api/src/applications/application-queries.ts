import {
  SSO_PANEL_APP_ID,
  type ApplicationDetail,
  type ApplicationListParams,
  type ApplicationRole,
  type ApplicationSortField,
  type ManagedApplication,
  type Menu,
} from '@sso/shared/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Q, Store } from '../db/store';
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

/** Roles whose grant does not hold back a delete by the caller (application-writes.ts `exempt`). */
type Exempt = readonly number[];

const selectApplications = (store: Store, exempt: Exempt) => sql`SELECT a.id, a.name, a.descriptions, a.url,
    a.logo_file,
    (SELECT COUNT(*) FROM menus m WHERE m.app_id = a.id) AS menu_count,
    (SELECT COUNT(*) FROM role_apps ra WHERE ra.app_id = a.id) AS role_count,
    (SELECT COUNT(*) FROM role_apps ra WHERE ra.app_id = a.id
      AND ra.role_id NOT IN ${store.admin.idSet(exempt)}) AS blocking_role_count
  FROM applications a`;

/** The sort keys of the list (a name in any case: `store.admin.foldedName`). */
const sortColumn = (store: Store, field: ApplicationSortField): RawBuilder<unknown> =>
  field === 'name' ? store.admin.caseless(sql.ref('a.name')) : sql.ref(field === 'id' ? 'a.id' : field);

/** COUNT(*) is a bigint on PostgreSQL: a number here as on SQLite. */
const counted = (row: ApplicationRow): ApplicationRow => ({
  ...row,
  menu_count: Number(row.menu_count),
  role_count: Number(row.role_count),
  blocking_role_count: Number(row.blocking_role_count),
});

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
export async function listManagedApplications(
  store: Store,
  params: ApplicationListParams,
  logoUrl: LogoUrl,
  exempt: Exempt,
) {
  const where = params.keyword
    ? sql`WHERE ${store.admin.contains(sql.ref('a.name'), containsPattern(params.keyword))}`
    : sql``;
  const total = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM applications a ${where}`.execute(store.db);
  const direction = sql.raw(params.sort ?? (params.sortBy ? 'asc' : 'desc'));
  const { rows } = await sql<ApplicationRow>`${selectApplications(store, exempt)} ${where}
    ORDER BY ${sortColumn(store, params.sortBy ?? 'id')} ${direction}, a.id ${direction}
    LIMIT ${params.perPage} OFFSET ${(params.page - 1) * params.perPage}`.execute(store.db);
  return {
    data: rows.map((row) => toApplication(counted(row), logoUrl)),
    total: Number(total.rows[0]?.n ?? 0),
  };
}

/** The two-level menu tree of an application, in order (GET menu/with-child serves the same). */
export async function menuTree(q: Q, appId: number): Promise<Menu[]> {
  const { rows } = await sql<MenuRow>`SELECT id, parent_id, name FROM menus WHERE app_id = ${appId}
    ORDER BY parent_id IS NOT NULL, position, id`.execute(q);
  const top = new Map<number, Menu>();
  for (const row of rows) {
    if (row.parent_id === null) top.set(row.id, { id: row.id, name: row.name, menu: [] });
    else top.get(row.parent_id)?.menu.push({ id: row.id, name: row.name, menu: [] });
  }
  return [...top.values()];
}

/** GET applications/detail/{id}: the application, its menu tree and the roles granting it. */
export async function findManagedApplication(
  store: Store,
  id: number,
  logoUrl: LogoUrl,
  exempt: Exempt,
): Promise<ApplicationDetail | undefined> {
  const [row] = (
    await sql<ApplicationRow>`${selectApplications(store, exempt)} WHERE a.id = ${id}`.execute(store.db)
  ).rows;
  if (!row) return undefined;
  const menus = await menuTree(store.db, id);
  const { rows: roles } = await sql<ApplicationRole>`SELECT r.id, r.name, c.hex_code FROM role_apps ra
       JOIN roles r ON r.id = ra.role_id JOIN colors c ON c.id = r.color_id
       WHERE ra.app_id = ${id} ORDER BY ${store.admin.caseless(sql.ref('r.name'))}, r.id`.execute(store.db);
  // App 1's tree is the panel's own: every menu of it is locked (writeTree refuses any change).
  const locked =
    id === SSO_PANEL_APP_ID ? menus.flatMap((menu) => [menu, ...menu.menu]).map((menu) => menu.id) : [];
  return {
    ...toApplication(counted(row), logoUrl),
    menus,
    roles,
    locked_menu_ids: locked,
    deletable: id !== SSO_PANEL_APP_ID,
    sso: await findSsoClient(store.db, id),
  };
}
