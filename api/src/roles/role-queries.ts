import type { AdminScope, Role, RoleListParams, RoleOption, RoleSortField } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { containsPattern } from '../http/reply';
import { loadRoleApplications } from './role-grants';
import type { ScopeTerm } from '../access/admin-scope';

interface RoleRow {
  id: number;
  name: string;
  color_id: number;
  hex_code: string;
  member_count: number;
  admin_scope: AdminScope;
}

const SELECT_ROLES = `SELECT r.id, r.name, r.color_id, c.hex_code, r.admin_scope,
    (SELECT COUNT(*) FROM users m WHERE m.role_id = r.id) AS member_count
  FROM roles r JOIN colors c ON c.id = r.color_id`;

/**
 * SELECT_ROLES whose member counts hold only the users within the reader's administration scope
 * (admin-scope.ts; a scoped reader is not told how many users of other companies hold a role).
 * The scope's values are bound before any of the WHERE clause's.
 */
function selectRoles(scope: ScopeTerm | null): { sql: string; args: Array<string | number> } {
  if (!scope) return { sql: SELECT_ROLES, args: [] };
  return {
    sql: `SELECT r.id, r.name, r.color_id, c.hex_code, r.admin_scope,
    (SELECT COUNT(*) FROM users m WHERE m.role_id = r.id AND ${scope.sql}) AS member_count
  FROM roles r JOIN colors c ON c.id = r.color_id`,
    args: scope.args,
  };
}

const sortColumns: Record<RoleSortField, string> = {
  name: 'r.name COLLATE NOCASE',
  member_count: 'member_count',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
  id: 'r.id',
};

function toRoles(db: Db, rows: RoleRow[], logoUrl: (file: string) => string): Role[] {
  const grants = loadRoleApplications(
    db,
    rows.map((row) => row.id),
    logoUrl,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: { id: row.color_id, hex_code: row.hex_code },
    member_count: row.member_count,
    applications: grants.get(row.id) ?? [],
    admin_scope: row.admin_scope,
  }));
}

export function findRole(
  db: Db,
  id: number,
  logoUrl: (file: string) => string,
  scope: ScopeTerm | null = null,
): Role | undefined {
  const select = selectRoles(scope);
  const row = db
    .prepare<Array<string | number>, RoleRow>(`${select.sql} WHERE r.id = ?`)
    .get(...select.args, id);
  return row ? toRoles(db, [row], logoUrl)[0] : undefined;
}

/** GET role/list; `perusahaan_id` is an application id (see roleListQuerySchema). */
export function listRoles(
  db: Db,
  params: RoleListParams,
  logoUrl: (file: string) => string,
  scope: ScopeTerm | null = null,
) {
  const where: string[] = [];
  const args: Array<string | number> = [];
  if (params.keyword) {
    where.push(`r.name LIKE ? ESCAPE '\\'`);
    args.push(containsPattern(params.keyword));
  }
  if (params.perusahaan_id !== undefined) {
    where.push('EXISTS (SELECT 1 FROM role_apps f WHERE f.role_id = r.id AND f.app_id = ?)');
    args.push(params.perusahaan_id);
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total =
    db
      .prepare<Array<string | number>, { n: number }>(`SELECT COUNT(*) AS n FROM roles r ${whereSql}`)
      .get(...args)?.n ?? 0;
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const order = `${sortColumns[params.sortBy ?? 'created_at']} ${direction}, r.id ${direction}`;
  const select = selectRoles(scope);
  const rows = db
    .prepare<Array<string | number>, RoleRow>(`${select.sql} ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...select.args, ...args, params.perPage, (params.page - 1) * params.perPage);
  return { data: toRoles(db, rows, logoUrl), total };
}

/** GET role/all: every role for selects, by name. */
export function roleOptions(db: Db): RoleOption[] {
  return db
    .prepare<[], RoleRow>(`${SELECT_ROLES} ORDER BY r.name COLLATE NOCASE, r.id`)
    .all()
    .map((row) => ({
      id: row.id,
      name: row.name,
      color: { id: row.color_id, hex_code: row.hex_code },
      admin_scope: row.admin_scope,
    }));
}
