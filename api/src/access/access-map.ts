import {
  ACCESS_MAP_COUNT_LIMIT,
  type AccessMapOptions,
  type AccessMapPersonParams,
  type AccessMapPersonRow,
  type AccessMapPlaceParams,
  type AccessMapPlaceRow,
} from '@sso/shared/contract';
import type { Db } from '../db/database';
import { statementCache } from '../db/statements';
import { notFound } from '../http/errors';
import { userFilterOf } from './user-filter-sync';
import { USER_NOT_FOUND, type ActorScope, type AdminScopes } from './admin-scope';

/**
 * Peta Akses (issue 32, ADR 0025): who reaches which application, menu and sub-menu, at which level,
 * through which role. The rule is the one the panel and the SSO claims apply (panel-grants.ts): a
 * role reaches an application it is given (`role_apps`), a menu of it that it grants
 * (`role_menus`, with its level), and a sub-menu only when its menu is granted too. A user has one
 * role, so the role giving a place is the user's role.
 *
 * Every answer lies within the reader's administration scope: the users come through
 * `userFilterOf(…, scopes.userTerm(scope))` (admin-scope.ts, the one module that decides), a user
 * outside it is "User tidak ditemukan" by person, and the AP filter offers the reader's APs only (a
 * parameter naming another AP gives no row, not an error).
 */

type Level = 1 | 2 | 3;
type Args = Array<string | number>;

interface RoleReach {
  role_id: number;
  role_name: string;
  level: Level | null;
}

export const MENU_NOT_FOUND = 'Aplikasi atau menu tidak ditemukan';

const userRows = statementCache<
  Args,
  { id: number; nik: string; nama: string; is_active: 0 | 1; role_id: number }
>();
const counts = statementCache<Args, number>((stmt) => stmt.pluck());
const idRows = statementCache<Args, number>((stmt) => stmt.pluck());

/**
 * The page's order as groups of roles: the users of each group by name (or NIK), the groups in
 * order. Level and role are the role's, so sorting by them is a sequence of groups, each read by an
 * index (`users_role_nama`, `users_nama`) with LIMIT, never a sort of every matching user.
 */
function groupsOf(params: AccessMapPlaceParams, reach: readonly RoleReach[]): RoleReach[][] {
  const desc = params.sort === 'desc' ? -1 : 1;
  if (params.sortBy === 'level') {
    const levels = [...new Set(reach.map((r) => r.level ?? 4))].sort((a, b) => desc * (a - b));
    return levels.map((level) => reach.filter((r) => (r.level ?? 4) === level));
  }
  if (params.sortBy === 'role') {
    return [...reach]
      .sort((a, b) => desc * (a.role_name.localeCompare(b.role_name, 'id') || a.role_id - b.role_id))
      .map((r) => [r]);
  }
  return [[...reach]];
}

export interface AccessMap {
  /** The filters of the page: applications and menus, the reader's APs and units, the roles. */
  options(scope: ActorScope): AccessMapOptions;
  /** One page of the users reaching a place (404 for an unknown application or menu). */
  byPlace(scope: ActorScope, params: AccessMapPlaceParams): { data: AccessMapPlaceRow[]; total: number };
  /** Every user of the filters, in the page's order, slice by slice (the CSV). */
  byPlaceSlices(
    scope: ActorScope,
    params: AccessMapPlaceParams,
    max: number,
  ): { place: string; slices: Generator<AccessMapPlaceRow[]> };
  /** The users the reader may pick for "by person" (at most 20). */
  people(scope: ActorScope, keyword: string | undefined): Array<{ id: number; nik: string; nama: string }>;
  /** One user's effective access (404 "User tidak ditemukan" outside the scope). */
  byPerson(
    scope: ActorScope,
    userId: number,
    params: Omit<AccessMapPersonParams, 'page' | 'perPage'> & { page?: number; perPage?: number },
  ): {
    user: { id: number; nik: string; nama: string; role_name: string; companies: string };
    data: AccessMapPersonRow[];
    total: number;
  };
}

export function createAccessMap(db: Db, scopes: AdminScopes): AccessMap {
  const placeMenu = db.prepare<[number, number], { id: number; parent_id: number | null; name: string }>(
    'SELECT id, parent_id, name FROM menus WHERE id = ? AND app_id = ?',
  );
  const appRow = db.prepare<[number], { id: number; name: string }>(
    'SELECT id, name FROM applications WHERE id = ?',
  );
  const menuName = db.prepare<[number], string>('SELECT name FROM menus WHERE id = ?').pluck();
  const reachOfMenu = db.prepare<{ app: number; menu: number; parent: number | null }, RoleReach>(
    `SELECT r.id AS role_id, r.name AS role_name, rm.access_level AS level
     FROM roles r
     JOIN role_apps ra ON ra.role_id = r.id AND ra.app_id = @app
     JOIN role_menus rm ON rm.role_id = r.id AND rm.menu_id = @menu
     WHERE @parent IS NULL OR EXISTS (SELECT 1 FROM role_menus p WHERE p.role_id = r.id AND p.menu_id = @parent)
     ORDER BY r.id`,
  );
  const reachOfApp = db.prepare<{ app: number }, RoleReach>(
    `SELECT r.id AS role_id, r.name AS role_name,
       (SELECT MIN(rm.access_level) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id AND m.app_id = @app
        WHERE rm.role_id = r.id) AS level
     FROM roles r JOIN role_apps ra ON ra.role_id = r.id AND ra.app_id = @app
     ORDER BY r.id`,
  );
  const companiesOf = db.prepare<[string], { user_id: number; nama: string }>(
    `SELECT uc.user_id, c.nama FROM user_companies uc JOIN companies c ON c.id = uc.company_id
     WHERE uc.user_id IN (SELECT value FROM json_each(?)) ORDER BY c.sort_key, c.id`,
  );
  const personRow = db.prepare<
    [number],
    { id: number; nik: string; nama: string; role_id: number; role_name: string }
  >(
    'SELECT u.id, u.nik, u.nama, u.role_id, r.name AS role_name FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ?',
  );
  const personPlaces = db.prepare<
    { role: number },
    {
      app_id: number;
      app_name: string;
      menu_id: number | null;
      menu_name: string | null;
      parent_name: string | null;
      level: Level | null;
      app_position: number;
      top_position: number;
      sub_position: number;
    }
  >(
    `SELECT a.id AS app_id, a.name AS app_name, NULL AS menu_id, NULL AS menu_name, NULL AS parent_name,
       (SELECT MIN(rm.access_level) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id AND m.app_id = a.id
        WHERE rm.role_id = ra.role_id) AS level,
       a.id AS app_position, 0 AS top_position, 0 AS sub_position
     FROM role_apps ra JOIN applications a ON a.id = ra.app_id WHERE ra.role_id = @role
     UNION ALL
     SELECT a.id, a.name, m.id, m.name, p.name, rm.access_level, a.id,
       COALESCE(p.position, m.position), CASE WHEN p.id IS NULL THEN 0 ELSE m.position END
     FROM role_apps ra
     JOIN applications a ON a.id = ra.app_id
     JOIN menus m ON m.app_id = a.id
     JOIN role_menus rm ON rm.role_id = ra.role_id AND rm.menu_id = m.id
     LEFT JOIN menus p ON p.id = m.parent_id
     WHERE ra.role_id = @role
       AND (p.id IS NULL OR EXISTS (SELECT 1 FROM role_menus g WHERE g.role_id = ra.role_id AND g.menu_id = p.id))
     ORDER BY app_position, top_position, sub_position`,
  );

  /** The roles reaching the place with their level, before the role and level filters. */
  function reachOf(params: Pick<AccessMapPlaceParams, 'app' | 'menu'>): {
    place: string;
    reach: RoleReach[];
  } {
    const app = appRow.get(params.app);
    if (!app) throw notFound(MENU_NOT_FOUND);
    if (params.menu === undefined) return { place: app.name, reach: reachOfApp.all({ app: app.id }) };
    const menu = placeMenu.get(params.menu, app.id);
    if (!menu) throw notFound(MENU_NOT_FOUND);
    const parent = menu.parent_id === null ? null : (menuName.get(menu.parent_id) ?? null);
    return {
      place: [app.name, parent, menu.name].filter(Boolean).join(' › '),
      reach: reachOfMenu.all({ app: app.id, menu: menu.id, parent: menu.parent_id }),
    };
  }

  /**
   * The roles reaching the place after the role and level filters, and the WHERE of their users:
   * the administration scope (admin-scope.ts), the keyword, the AP and the unit.
   */
  function placeWhere(scope: ActorScope, params: AccessMapPlaceParams) {
    const { place, reach } = reachOf(params);
    const chosen = reach.filter(
      (r) =>
        (params.role_id === undefined || r.role_id === params.role_id) &&
        (params.level === undefined || r.level === params.level),
    );
    const { where, args } = userFilterOf({ keyword: params.keyword }, scopes.userTerm(scope));
    // A probe of the user's links by primary key (the page and the count read users in name order).
    if (params.perusahaan_id !== undefined) {
      where.push('EXISTS (SELECT 1 FROM user_companies f WHERE f.user_id = u.id AND f.company_id = ?)');
      args.push(params.perusahaan_id);
    }
    if (params.cabang_id !== undefined) {
      where.push('EXISTS (SELECT 1 FROM user_branches f WHERE f.user_id = u.id AND f.branch_id = ?)');
      args.push(params.cabang_id);
    }
    return { place, reach: chosen, where, args };
  }

  function rowsOf(ids: readonly number[], reach: readonly RoleReach[]): AccessMapPlaceRow[] {
    if (ids.length === 0) return [];
    const json = JSON.stringify(ids);
    const users = new Map(
      userRows(
        db,
        'SELECT id, nik, nama, is_active, role_id FROM users WHERE id IN (SELECT value FROM json_each(?))',
      )
        .all(json)
        .map((u) => [u.id, u]),
    );
    const companies = new Map<number, string[]>();
    for (const row of companiesOf.all(json)) {
      companies.set(row.user_id, [...(companies.get(row.user_id) ?? []), row.nama]);
    }
    const byRole = new Map(reach.map((r) => [r.role_id, r]));
    return ids.flatMap((id) => {
      const user = users.get(id);
      const role = user && byRole.get(user.role_id);
      if (!user || !role) return [];
      return [
        {
          user_id: user.id,
          nik: user.nik,
          nama: user.nama,
          is_active: user.is_active === 1,
          role_id: role.role_id,
          role_name: role.role_name,
          level: role.level,
          companies: (companies.get(user.id) ?? []).join(', '),
        },
      ];
    });
  }

  return {
    options(scope) {
      const apps = db
        .prepare<[], { id: number; name: string }>('SELECT id, name FROM applications ORDER BY id')
        .all();
      const menus = db
        .prepare<[], { id: number; app_id: number; parent_id: number | null; name: string }>(
          'SELECT id, app_id, parent_id, name FROM menus ORDER BY app_id, parent_id IS NOT NULL, position, id',
        )
        .all();
      const applications = apps.map((app) => {
        const tops = menus
          .filter((m) => m.app_id === app.id && m.parent_id === null)
          .map((m) => {
            const children: Array<{ id: number; name: string }> = [];
            return { id: m.id, name: m.name, children };
          });
        for (const m of menus) {
          if (m.app_id === app.id && m.parent_id !== null)
            tops.find((t) => t.id === m.parent_id)?.children.push({ id: m.id, name: m.name });
        }
        return { ...app, menus: tops };
      });
      const units = db
        .prepare<[], { company_id: number; nama: string; branch_id: number | null; name: string | null }>(
          `SELECT c.id AS company_id, c.nama, b.id AS branch_id, b.name
           FROM companies c LEFT JOIN branches b ON b.company_id = c.id
           ORDER BY c.sort_key, c.id, b.name COLLATE NOCASE, b.id`,
        )
        .all();
      const companies = new Map<
        number,
        { id: number; nama: string; units: Array<{ id: number; name: string }> }
      >();
      for (const row of units) {
        // The reader's APs and units only (the scope's sets, admin-scope.ts).
        if (scope.kind === 'own' && !scope.companies.has(row.company_id)) continue;
        const company = companies.get(row.company_id) ?? { id: row.company_id, nama: row.nama, units: [] };
        companies.set(row.company_id, company);
        if (row.branch_id !== null && (scope.kind === 'group' || scope.branches.has(row.branch_id)))
          company.units.push({ id: row.branch_id, name: row.name ?? '' });
      }
      const roles = db
        .prepare<[], { id: number; name: string }>(
          'SELECT id, name FROM roles ORDER BY name COLLATE NOCASE, id',
        )
        .all();
      return { applications, companies: [...companies.values()], roles };
    },

    byPlace(scope, params) {
      const { reach, where, args } = placeWhere(scope, params);
      if (reach.length === 0) return { data: [], total: 0 };
      const roleTerm = 'u.role_id IN (SELECT value FROM json_each(?))';
      const whereSql = (roles: readonly RoleReach[]) => ({
        sql: `WHERE ${[roleTerm, ...where].join(' AND ')}`,
        args: [JSON.stringify(roles.map((r) => r.role_id)), ...args],
      });
      // Counted up to ACCESS_MAP_COUNT_LIMIT (+1 means "more than that"), as Log Aktivitas does.
      const all = whereSql(reach);
      const total =
        counts(
          db,
          `SELECT COUNT(*) FROM (SELECT 1 FROM users u ${all.sql} LIMIT ${ACCESS_MAP_COUNT_LIMIT + 1})`,
        ).get(...all.args) ?? 0;
      const direction = params.sort === 'desc' ? 'DESC' : 'ASC';
      const order =
        params.sortBy === 'nik'
          ? `u.nik ${direction}, u.id ${direction}`
          : `u.nama COLLATE NOCASE ${direction}, u.id ${direction}`;
      let skip = (params.page - 1) * params.perPage;
      let need = params.perPage;
      const ids: number[] = [];
      for (const group of groupsOf(params, reach)) {
        if (need === 0) break;
        const part = whereSql(group);
        // How many of this group come before the page (counted only as far as the page reaches).
        const size =
          counts(db, `SELECT COUNT(*) FROM (SELECT 1 FROM users u ${part.sql} LIMIT ?)`).get(
            ...part.args,
            skip + need,
          ) ?? 0;
        if (size <= skip) {
          skip -= size;
          continue;
        }
        const found = idRows(
          db,
          `SELECT u.id FROM users u ${part.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        ).all(...part.args, need, skip);
        ids.push(...found);
        need -= found.length;
        skip = 0;
      }
      return { data: rowsOf(ids, reach), total };
    },

    byPlaceSlices(scope, params, max) {
      const { place, reach, where, args } = placeWhere(scope, params);
      const direction = params.sort === 'desc' ? 'DESC' : 'ASC';
      const order =
        params.sortBy === 'nik'
          ? `u.nik ${direction}, u.id ${direction}`
          : `u.nama COLLATE NOCASE ${direction}, u.id ${direction}`;
      const ids: number[] = [];
      for (const group of reach.length === 0 ? [] : groupsOf(params, reach)) {
        if (ids.length >= max) break;
        const sql = `SELECT u.id FROM users u WHERE ${['u.role_id IN (SELECT value FROM json_each(?))', ...where].join(' AND ')}
          ORDER BY ${order} LIMIT ?`;
        ids.push(
          ...idRows(db, sql).all(JSON.stringify(group.map((r) => r.role_id)), ...args, max - ids.length),
        );
      }
      function* slices(): Generator<AccessMapPlaceRow[]> {
        for (let start = 0; start < ids.length; start += 1000)
          yield rowsOf(ids.slice(start, start + 1000), reach);
      }
      return { place, slices: slices() };
    },

    people(scope, keyword) {
      const { where, args } = userFilterOf({ keyword }, scopes.userTerm(scope));
      const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      return db
        .prepare<Args, { id: number; nik: string; nama: string }>(
          `SELECT u.id, u.nik, u.nama FROM users u ${whereSql} ORDER BY u.nama COLLATE NOCASE, u.id LIMIT 20`,
        )
        .all(...args);
    },

    byPerson(scope, userId, params) {
      // Outside the scope a user does not exist for the reader (404 as for an unknown id).
      scopes.assertVisible(scope, [userId]);
      const user = personRow.get(userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      const keyword = params.keyword?.toLocaleLowerCase('id');
      let rows: AccessMapPersonRow[] = personPlaces
        .all({ role: user.role_id })
        .map(({ app_id, app_name, menu_id, menu_name, parent_name, level }) => ({
          app_id,
          app_name,
          menu_id,
          menu_name,
          parent_name,
          level,
          role_id: user.role_id,
          role_name: user.role_name,
        }))
        .filter(
          (row) =>
            (params.app === undefined || row.app_id === params.app) &&
            (params.level === undefined || row.level === params.level) &&
            (keyword === undefined ||
              [row.app_name, row.parent_name, row.menu_name].some((text) =>
                text?.toLocaleLowerCase('id').includes(keyword),
              )),
        );
      if (params.sortBy === 'level') {
        const sign = params.sort === 'desc' ? -1 : 1;
        rows = rows
          .map((row, index) => ({ row, index }))
          .sort((a, b) => sign * ((a.row.level ?? 4) - (b.row.level ?? 4)) || a.index - b.index)
          .map(({ row }) => row);
      } else if (params.sort === 'desc') rows = rows.reverse();
      const companies = companiesOf
        .all(JSON.stringify([user.id]))
        .map((row) => row.nama)
        .join(', ');
      const total = rows.length;
      const page = params.page ?? 1;
      const perPage = params.perPage ?? total;
      return {
        user: { id: user.id, nik: user.nik, nama: user.nama, role_name: user.role_name, companies },
        data: rows.slice((page - 1) * perPage, page * perPage),
        total,
      };
    },
  };
}
