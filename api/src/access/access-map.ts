import {
  ACCESS_MAP_COUNT_LIMIT,
  type AccessMapOptions,
  type AccessMapPersonParams,
  type AccessMapPersonRow,
  type AccessMapPlaceParams,
  type AccessMapPlaceRow,
} from '@sso/shared/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Store } from '../db/store';
import { notFound } from '../http/errors';
import { userFilter } from '../users/user-queries';
import { USER_NOT_FOUND, assertVisibleUsers, type ActorScope } from './admin-scope';

/**
 * Peta Akses (issue 32, ADR 0025): who reaches which application, menu and sub-menu, at which level,
 * through which role. The rule is the one the panel and the SSO claims apply (panel-grants.ts): a
 * role reaches an application it is given (`role_apps`), a menu of it that it grants
 * (`role_menus`, with its level), and a sub-menu only when its menu is granted too. A user has one
 * role, so the role giving a place is the user's role.
 *
 * Every answer lies within the reader's administration scope: the users come through
 * `userFilter(…, scope)` (its scope term from admin-scope.ts, the one module that decides), a user
 * outside it is "User tidak ditemukan" by person, and the AP filter offers the reader's APs only (a
 * parameter naming another AP gives no row, not an error).
 */

type Level = 1 | 2 | 3;

interface RoleReach {
  role_id: number;
  role_name: string;
  level: Level | null;
}

export const MENU_NOT_FOUND = 'Aplikasi atau menu tidak ditemukan';

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
  options(scope: ActorScope): Promise<AccessMapOptions>;
  /** One page of the users reaching a place (404 for an unknown application or menu). */
  byPlace(
    scope: ActorScope,
    params: AccessMapPlaceParams,
  ): Promise<{ data: AccessMapPlaceRow[]; total: number }>;
  /** Every user of the filters, in the page's order, slice by slice (the CSV). */
  byPlaceSlices(
    scope: ActorScope,
    params: AccessMapPlaceParams,
    max: number,
  ): Promise<{ place: string; slices: AsyncGenerator<AccessMapPlaceRow[]> }>;
  /** The users the reader may pick for "by person" (at most 20). */
  people(
    scope: ActorScope,
    keyword: string | undefined,
  ): Promise<Array<{ id: number; nik: string; nama: string }>>;
  /** One user's effective access (404 "User tidak ditemukan" outside the scope). */
  byPerson(
    scope: ActorScope,
    userId: number,
    params: Omit<AccessMapPersonParams, 'page' | 'perPage'> & { page?: number; perPage?: number },
  ): Promise<{
    user: { id: number; nik: string; nama: string; role_name: string; companies: string };
    data: AccessMapPersonRow[];
    total: number;
  }>;
}

export function createAccessMap(store: Store): AccessMap {
  const q = store.db;
  const { admin } = store;
  /** LIMIT values SQLite's planner must not inspect (a bare `?` recompiles on every run). */
  const bound = (value: number) => admin.unindexed(sql.val(value));
  const whereOf = (terms: readonly RawBuilder<SqlBool>[]) =>
    terms.length > 0 ? sql`WHERE ${sql.join(terms, sql` AND `)}` : sql``;

  const companiesOf = async (userIds: readonly number[]) =>
    (
      await sql<{ user_id: number; nama: string }>`SELECT uc.user_id, c.nama FROM user_companies uc
         JOIN companies c ON c.id = uc.company_id
         WHERE uc.user_id IN ${admin.idSet(userIds)} ORDER BY c.sort_key, c.id`.execute(q)
    ).rows;

  /** The roles reaching the place with their level, before the role and level filters. */
  async function reachOf(params: Pick<AccessMapPlaceParams, 'app' | 'menu'>): Promise<{
    place: string;
    reach: RoleReach[];
  }> {
    const app = await q
      .selectFrom('applications')
      .select(['id', 'name'])
      .where('id', '=', params.app)
      .executeTakeFirst();
    if (!app) throw notFound(MENU_NOT_FOUND);
    if (params.menu === undefined) {
      const { rows } = await sql<RoleReach>`SELECT r.id AS role_id, r.name AS role_name,
         (SELECT MIN(rm.access_level) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id AND m.app_id = ${app.id}
          WHERE rm.role_id = r.id) AS level
       FROM roles r JOIN role_apps ra ON ra.role_id = r.id AND ra.app_id = ${app.id}
       ORDER BY r.id`.execute(q);
      return { place: app.name, reach: rows };
    }
    const menu = await q
      .selectFrom('menus')
      .select(['id', 'parent_id', 'name'])
      .where('id', '=', params.menu)
      .where('app_id', '=', app.id)
      .executeTakeFirst();
    if (!menu) throw notFound(MENU_NOT_FOUND);
    const parent =
      menu.parent_id === null
        ? null
        : ((await q.selectFrom('menus').select('name').where('id', '=', menu.parent_id).executeTakeFirst())
            ?.name ?? null);
    // A sub-menu is reached only when its menu is granted too.
    const parentGranted =
      menu.parent_id === null
        ? sql``
        : sql`WHERE EXISTS (SELECT 1 FROM role_menus p WHERE p.role_id = r.id AND p.menu_id = ${menu.parent_id})`;
    const { rows } =
      await sql<RoleReach>`SELECT r.id AS role_id, r.name AS role_name, rm.access_level AS level
       FROM roles r
       JOIN role_apps ra ON ra.role_id = r.id AND ra.app_id = ${app.id}
       JOIN role_menus rm ON rm.role_id = r.id AND rm.menu_id = ${menu.id}
       ${parentGranted}
       ORDER BY r.id`.execute(q);
    return { place: [app.name, parent, menu.name].filter(Boolean).join(' › '), reach: rows };
  }

  /**
   * The roles reaching the place after the role and level filters, and the WHERE terms of their
   * users: the administration scope (admin-scope.ts), the keyword, the AP and the unit.
   */
  async function placeWhere(scope: ActorScope, params: AccessMapPlaceParams) {
    const { place, reach } = await reachOf(params);
    const chosen = reach.filter(
      (r) =>
        (params.role_id === undefined || r.role_id === params.role_id) &&
        (params.level === undefined || r.level === params.level),
    );
    // The users list's terms: its keyword, and its AP and unit filters (a probe of the user's links by
    // primary key; the page and the count read users in name order).
    const { keyword, perusahaan_id, cabang_id } = params;
    const terms = userFilter(admin, { keyword, perusahaan_id, cabang_id }, scope);
    return { place, reach: chosen, terms };
  }

  /** The users of `roles` among the terms. */
  const ofRoles = (roles: readonly RoleReach[], terms: readonly RawBuilder<SqlBool>[]) =>
    whereOf([sql<SqlBool>`u.role_id IN ${admin.idSet(roles.map((r) => r.role_id))}`, ...terms]);

  const orderOf = (params: AccessMapPlaceParams) => {
    const direction = sql.raw(params.sort === 'desc' ? 'DESC' : 'ASC');
    return params.sortBy === 'nik'
      ? sql`u.nik ${direction}, u.id ${direction}`
      : sql`${admin.caseless(sql.ref('u.nama'))} ${direction}, u.id ${direction}`;
  };

  async function rowsOf(ids: readonly number[], reach: readonly RoleReach[]): Promise<AccessMapPlaceRow[]> {
    if (ids.length === 0) return [];
    const found = await q
      .selectFrom('users')
      .select(['id', 'nik', 'nama', 'is_active', 'role_id'])
      .where('id', 'in', admin.idSet(ids))
      .execute();
    const users = new Map(found.map((u) => [u.id, u]));
    const companies = new Map<number, string[]>();
    for (const row of await companiesOf(ids)) {
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

  /** How many users pass `where`, counted no further than `limit`. */
  const countUpTo = async (where: RawBuilder<unknown>, limit: number) =>
    Number(
      (
        await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT 1 FROM users u ${where}
          LIMIT ${bound(limit)}) counted`.execute(q)
      ).rows[0]?.n ?? 0,
    );

  return {
    async options(scope) {
      const apps = await q.selectFrom('applications').select(['id', 'name']).orderBy('id').execute();
      const { rows: menus } = await sql<{
        id: number;
        app_id: number;
        parent_id: number | null;
        name: string;
      }>`SELECT id, app_id, parent_id, name FROM menus
         ORDER BY app_id, parent_id IS NOT NULL, position, id`.execute(q);
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
      const { rows: units } = await sql<{
        company_id: number;
        nama: string;
        branch_id: number | null;
        name: string | null;
      }>`SELECT c.id AS company_id, c.nama, b.id AS branch_id, b.name
         FROM companies c LEFT JOIN branches b ON b.company_id = c.id
         ORDER BY c.sort_key, c.id, ${admin.caseless(sql.ref('b.name'))}, b.id`.execute(q);
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
      const roles = await q
        .selectFrom('roles')
        .select(['id', 'name'])
        .orderBy(admin.caseless(sql.ref('name')))
        .orderBy('id')
        .execute();
      return { applications, companies: [...companies.values()], roles };
    },

    async byPlace(scope, params) {
      const { reach, terms } = await placeWhere(scope, params);
      if (reach.length === 0) return { data: [], total: 0 };
      // Counted up to ACCESS_MAP_COUNT_LIMIT (+1 means "more than that"), as Log Aktivitas does.
      const total = await countUpTo(ofRoles(reach, terms), ACCESS_MAP_COUNT_LIMIT + 1);
      const order = orderOf(params);
      let skip = (params.page - 1) * params.perPage;
      let need = params.perPage;
      const ids: number[] = [];
      for (const group of groupsOf(params, reach)) {
        if (need === 0) break;
        const where = ofRoles(group, terms);
        // How many of this group come before the page (counted only as far as the page reaches).
        const size = await countUpTo(where, skip + need);
        if (size <= skip) {
          skip -= size;
          continue;
        }
        const { rows } = await sql<{ id: number }>`SELECT u.id FROM users u ${where}
          ORDER BY ${order} LIMIT ${bound(need)} OFFSET ${bound(skip)}`.execute(q);
        ids.push(...rows.map((row) => row.id));
        need -= rows.length;
        skip = 0;
      }
      return { data: await rowsOf(ids, reach), total };
    },

    async byPlaceSlices(scope, params, max) {
      const { place, reach, terms } = await placeWhere(scope, params);
      const order = orderOf(params);
      const ids: number[] = [];
      for (const group of reach.length === 0 ? [] : groupsOf(params, reach)) {
        if (ids.length >= max) break;
        const { rows } = await sql<{ id: number }>`SELECT u.id FROM users u ${ofRoles(group, terms)}
          ORDER BY ${order} LIMIT ${bound(max - ids.length)}`.execute(q);
        ids.push(...rows.map((row) => row.id));
      }
      async function* slices(): AsyncGenerator<AccessMapPlaceRow[]> {
        for (let start = 0; start < ids.length; start += 1000)
          yield await rowsOf(ids.slice(start, start + 1000), reach);
      }
      return { place, slices: slices() };
    },

    async people(scope, keyword) {
      const { rows } = await sql<{ id: number; nik: string; nama: string }>`SELECT u.id, u.nik, u.nama
        FROM users u ${whereOf(userFilter(admin, { keyword }, scope))}
        ORDER BY ${admin.caseless(sql.ref('u.nama'))}, u.id LIMIT 20`.execute(q);
      return rows;
    },

    async byPerson(scope, userId, params) {
      // Outside the scope a user does not exist for the reader (404 as for an unknown id).
      await assertVisibleUsers(store, scope, [userId]);
      const user = await q
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select(['u.id', 'u.nik', 'u.nama', 'u.role_id', 'r.name as role_name'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!user) throw notFound(USER_NOT_FOUND);
      const { rows: places } = await sql<{
        app_id: number;
        app_name: string;
        menu_id: number | null;
        menu_name: string | null;
        parent_name: string | null;
        level: Level | null;
      }>`SELECT a.id AS app_id, a.name AS app_name, NULL AS menu_id, NULL AS menu_name, NULL AS parent_name,
         (SELECT MIN(rm.access_level) FROM role_menus rm JOIN menus m ON m.id = rm.menu_id AND m.app_id = a.id
          WHERE rm.role_id = ra.role_id) AS level,
         a.id AS app_position, 0 AS top_position, 0 AS sub_position
       FROM role_apps ra JOIN applications a ON a.id = ra.app_id WHERE ra.role_id = ${user.role_id}
       UNION ALL
       SELECT a.id, a.name, m.id, m.name, p.name, rm.access_level, a.id,
         COALESCE(p.position, m.position), CASE WHEN p.id IS NULL THEN 0 ELSE m.position END
       FROM role_apps ra
       JOIN applications a ON a.id = ra.app_id
       JOIN menus m ON m.app_id = a.id
       JOIN role_menus rm ON rm.role_id = ra.role_id AND rm.menu_id = m.id
       LEFT JOIN menus p ON p.id = m.parent_id
       WHERE ra.role_id = ${user.role_id}
         AND (p.id IS NULL OR EXISTS (SELECT 1 FROM role_menus g WHERE g.role_id = ra.role_id AND g.menu_id = p.id))
       ORDER BY app_position, top_position, sub_position`.execute(q);
      const keyword = params.keyword?.toLocaleLowerCase('id');
      let rows: AccessMapPersonRow[] = places
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
      const companies = (await companiesOf([user.id])).map((row) => row.nama).join(', ');
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
