import type { User, UserCompany, UserListParams, UserSortField } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { containsPattern } from '../http/reply';

interface UserRow {
  id: number;
  nama: string;
  nik: string;
  phone: string;
  email: string;
  role_id: number;
  role_name: string;
  color_hex_code: string;
}

interface UserCompanyRow {
  user_id: number;
  perusahaan_id: number;
  perusahaan_name: string;
  logo_file: string;
  cabang_id: number | null;
  cabang_name: string | null;
  cabang_kode: string | null;
}

const SELECT_USERS = `SELECT u.id, u.nama, u.nik, u.phone, u.email, u.role_id, r.name AS role_name, c.hex_code AS color_hex_code
  FROM users u JOIN roles r ON r.id = u.role_id JOIN colors c ON c.id = r.color_id`;

/** sortBy → SQL (a whitelist: only these strings ever reach ORDER BY). */
const sortColumns: Record<UserSortField, string> = {
  nama: 'u.nama COLLATE NOCASE',
  nik: 'u.nik',
  phone: 'u.phone',
  email: 'u.email COLLATE NOCASE',
  role_name: 'r.name COLLATE NOCASE',
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
  id: 'u.id',
};

/** The companies and units of the given users, in one query. */
function loadCompanies(db: Db, userIds: readonly number[], logoUrl: (file: string) => string) {
  const rows = db
    .prepare<[string], UserCompanyRow>(
      `SELECT uc.user_id, c.id AS perusahaan_id, c.nama AS perusahaan_name, c.logo_file,
              b.id AS cabang_id, b.name AS cabang_name, b.kode AS cabang_kode
       FROM user_companies uc
       JOIN companies c ON c.id = uc.company_id
       LEFT JOIN user_branches ub ON ub.user_id = uc.user_id AND ub.company_id = uc.company_id
       LEFT JOIN branches b ON b.id = ub.branch_id
       WHERE uc.user_id IN (SELECT value FROM json_each(?))
       ORDER BY uc.user_id, c.sort_key, c.id, b.name COLLATE NOCASE, b.id`,
    )
    .all(JSON.stringify(userIds));
  const byUser = new Map<number, UserCompany[]>();
  let current: UserCompany | undefined;
  let currentUser = -1;
  for (const row of rows) {
    if (!current || currentUser !== row.user_id || current.perusahaan_id !== row.perusahaan_id) {
      current = {
        perusahaan_id: row.perusahaan_id,
        perusahaan_name: row.perusahaan_name,
        perusahaan_logo_url: logoUrl(row.logo_file),
        cabang: [],
      };
      currentUser = row.user_id;
      const list = byUser.get(row.user_id) ?? [];
      list.push(current);
      byUser.set(row.user_id, list);
    }
    if (row.cabang_id !== null) {
      current.cabang.push({ cabang_id: row.cabang_id, cabang_name: row.cabang_name ?? '', cabang_kode: row.cabang_kode ?? '' });
    }
  }
  return byUser;
}

function withCompanies(db: Db, rows: UserRow[], logoUrl: (file: string) => string): User[] {
  const companies = loadCompanies(
    db,
    rows.map((row) => row.id),
    logoUrl,
  );
  return rows.map((row) => ({ ...row, perusahaan: companies.get(row.id) ?? [] }));
}

/** One user as the list shows it, or undefined. */
export function findUser(db: Db, id: number, logoUrl: (file: string) => string): User | undefined {
  const row = db.prepare<[number], UserRow>(`${SELECT_USERS} WHERE u.id = ?`).get(id);
  return row ? withCompanies(db, [row], logoUrl)[0] : undefined;
}

/**
 * GET users/list: filters and sorting in SQL, the page by LIMIT/OFFSET, then the page's companies
 * and units in one more query (fast with 10,000 users).
 */
export function listUsers(db: Db, params: UserListParams, logoUrl: (file: string) => string) {
  const where: string[] = [];
  const args: Array<string | number> = [];
  if (params.keyword) {
    const pattern = containsPattern(params.keyword);
    where.push(`(u.nama LIKE ? ESCAPE '\\' OR u.nik LIKE ? ESCAPE '\\' OR u.phone LIKE ? ESCAPE '\\')`);
    args.push(pattern, pattern, pattern);
  }
  if (params.perusahaan_id !== undefined) {
    where.push('EXISTS (SELECT 1 FROM user_companies f WHERE f.user_id = u.id AND f.company_id = ?)');
    args.push(params.perusahaan_id);
  }
  if (params.cabang_id !== undefined) {
    where.push('EXISTS (SELECT 1 FROM user_branches f WHERE f.user_id = u.id AND f.branch_id = ?)');
    args.push(params.cabang_id);
  }
  if (params.role_id !== undefined) {
    where.push('u.role_id = ?');
    args.push(params.role_id);
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total =
    db.prepare<Array<string | number>, { n: number }>(`SELECT COUNT(*) AS n FROM users u ${whereSql}`).get(...args)?.n ?? 0;

  // Newest first by default; a chosen column sorts ascending unless told otherwise.
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const order = `${sortColumns[params.sortBy ?? 'created_at']} ${direction}, u.id ${direction}`;
  const rows = db
    .prepare<Array<string | number>, UserRow>(`${SELECT_USERS} ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...args, params.perPage, (params.page - 1) * params.perPage);
  return { data: withCompanies(db, rows, logoUrl), total };
}
