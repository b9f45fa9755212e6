import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AdminScope, Role, RoleListParams, RoleOption, RoleSortField } from '@sso/shared/contract';
import type { Q, Store } from '../db/store';
import { containsPattern } from '../http/reply';
import { loadRoleApplications } from './role-grants';

interface RoleRow {
  id: number;
  name: string;
  color_id: number;
  hex_code: string;
  member_count: number;
  admin_scope: AdminScope;
}

/** A reader's users predicate over the alias `m` (admin-scope.ts `scopeFilter`), or null: all users. */
export type MemberScope = RawBuilder<SqlBool> | null;

/**
 * The roles with their colour and member count. A scoped reader's counts hold only the users within
 * their administration scope (admin-scope.ts; a scoped reader is not told how many users of other
 * companies hold a role).
 */
const selectRoles = (scope: MemberScope) => sql`SELECT r.id, r.name, r.color_id, c.hex_code, r.admin_scope,
    (SELECT COUNT(*) FROM users m WHERE m.role_id = r.id${scope ? sql` AND ${scope}` : sql``}) AS member_count
  FROM roles r JOIN colors c ON c.id = r.color_id`;

const sortColumn = (store: Store, field: RoleSortField) =>
  field === 'name'
    ? store.admin.caseless(sql.ref('r.name'))
    : sql.ref(field === 'member_count' ? 'member_count' : `r.${field}`);

async function toRoles(q: Q, rows: RoleRow[], logoUrl: (file: string) => string): Promise<Role[]> {
  const grants = await loadRoleApplications(
    q,
    rows.map((row) => row.id),
    logoUrl,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: { id: row.color_id, hex_code: row.hex_code },
    // COUNT(*) is a bigint on PostgreSQL.
    member_count: Number(row.member_count),
    applications: grants.get(row.id) ?? [],
    admin_scope: row.admin_scope,
  }));
}

export async function findRole(
  q: Q,
  id: number,
  logoUrl: (file: string) => string,
  scope: MemberScope = null,
): Promise<Role | undefined> {
  const { rows } = await sql<RoleRow>`${selectRoles(scope)} WHERE r.id = ${id}`.execute(q);
  return rows[0] ? (await toRoles(q, rows, logoUrl))[0] : undefined;
}

/** GET role/list; `perusahaan_id` is an application id (see roleListQuerySchema). */
export async function listRoles(
  store: Store,
  params: RoleListParams,
  logoUrl: (file: string) => string,
  scope: MemberScope = null,
) {
  const where: RawBuilder<SqlBool>[] = [];
  if (params.keyword) where.push(store.admin.contains(sql.ref('r.name'), containsPattern(params.keyword)));
  if (params.perusahaan_id !== undefined) {
    where.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM role_apps f WHERE f.role_id = r.id AND f.app_id = ${params.perusahaan_id})`,
    );
  }
  const whereSql = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const total = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM roles r ${whereSql}`.execute(store.db);
  const direction = sql.raw(params.sort ?? (params.sortBy ? 'asc' : 'desc'));
  const { rows } = await sql<RoleRow>`${selectRoles(scope)} ${whereSql}
    ORDER BY ${sortColumn(store, params.sortBy ?? 'created_at')} ${direction}, r.id ${direction}
    LIMIT ${params.perPage} OFFSET ${(params.page - 1) * params.perPage}`.execute(store.db);
  return { data: await toRoles(store.db, rows, logoUrl), total: Number(total.rows[0]?.n ?? 0) };
}

/** GET role/all: every role for selects, by name. */
export async function roleOptions(store: Store): Promise<RoleOption[]> {
  const { rows } = await sql<RoleRow>`${selectRoles(null)}
    ORDER BY ${store.admin.caseless(sql.ref('r.name'))}, r.id`.execute(store.db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: { id: row.color_id, hex_code: row.hex_code },
    admin_scope: row.admin_scope,
  }));
}
