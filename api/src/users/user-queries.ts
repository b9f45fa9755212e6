import type { SortDirection, User, UserCompany, UserListParams, UserSortField } from '@sso/shared/contract';
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

const SELECT_USERS = `SELECT u.id, u.nama, u.nik, u.phone, u.email, u.role_id, r.name AS role_name, c.hex_code AS color_hex_code
  FROM users u JOIN roles r ON r.id = u.role_id JOIN colors c ON c.id = r.color_id`;

/** sortBy → SQL (a whitelist: only these strings ever reach ORDER BY). */
const sortColumns: Record<UserSortField, string> = {
  nama: 'u.nama COLLATE NOCASE',
  nik: 'u.nik',
  phone: 'u.phone',
  email: 'u.email COLLATE NOCASE',
  role_name: 'r.name COLLATE NOCASE', // served by pageByRoleName
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
  id: 'u.id',
};

/**
 * A page sorted by role name without sorting every user: roles are few, so count the matching users
 * per role, walk the roles in name order to the page, and read each role's slice by the
 * (role_id, id) index. Same order as `ORDER BY r.name COLLATE NOCASE, u.id` (both in `direction`).
 */
function pageByRoleName(
  db: Db,
  where: string[],
  args: Array<string | number>,
  direction: SortDirection,
  limit: number,
  offset: number,
): UserRow[] {
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counts = new Map(
    db
      .prepare<Array<string | number>, { role_id: number; n: number }>(
        `SELECT u.role_id, COUNT(*) AS n FROM users u ${whereSql} GROUP BY u.role_id`,
      )
      .all(...args)
      .map((row) => [row.role_id, row.n]),
  );
  const roles = db
    .prepare<[], { id: number; name: string }>('SELECT id, name FROM roles')
    .all()
    .map((role) => ({ id: role.id, key: role.name.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  if (direction === 'desc') roles.reverse();

  const slice = db.prepare<Array<string | number>, { id: number }>(
    `SELECT u.id FROM users u WHERE ${[...where, 'u.role_id = ?'].join(' AND ')} ORDER BY u.id ${direction} LIMIT ? OFFSET ?`,
  );
  const ids: number[] = [];
  let skip = offset;
  for (const role of roles) {
    if (ids.length >= limit) break;
    const n = counts.get(role.id) ?? 0;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(n - skip, limit - ids.length);
    ids.push(...slice.all(...args, role.id, take, skip).map((row) => row.id));
    skip = 0;
  }
  const byId = new Map(
    db
      .prepare<[string], UserRow>(`${SELECT_USERS} WHERE u.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids))
      .map((row) => [row.id, row]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

interface CompanyInfo {
  id: number;
  nama: string;
  logo_file: string;
  /** Position in the company list order (name ignoring dots and case). */
  rank: number;
}

interface BranchInfo {
  id: number;
  name: string;
  kode: string;
  rank: number;
}

/**
 * The companies and units of the given users. Companies and branches are few: read them whole, then
 * only the integer link rows of these users (raw arrays), and assemble in memory. Keeps a full
 * 10,000-user page cheap.
 */
function loadCompanies(db: Db, userIds: readonly number[], logoUrl: (file: string) => string) {
  const byUser = new Map<number, UserCompany[]>();
  if (userIds.length === 0) return byUser;
  const companies = new Map(
    db
      .prepare<[], Omit<CompanyInfo, 'rank'>>(
        'SELECT id, nama, logo_file FROM companies ORDER BY sort_key, id',
      )
      .all()
      .map((c, rank) => [c.id, { ...c, rank }]),
  );
  const branches = new Map(
    db
      .prepare<[], Omit<BranchInfo, 'rank'>>(
        'SELECT id, name, kode FROM branches ORDER BY name COLLATE NOCASE, id',
      )
      .all()
      .map((b, rank) => [b.id, { ...b, rank }]),
  );
  const ids = JSON.stringify(userIds);
  const companyLinks = db
    .prepare<[string], { user_id: number; company_id: number }>(
      'SELECT user_id, company_id FROM user_companies WHERE user_id IN (SELECT value FROM json_each(?))',
    )
    .all(ids);
  const branchLinks = db
    .prepare<[string], { user_id: number; company_id: number; branch_id: number }>(
      'SELECT user_id, company_id, branch_id FROM user_branches WHERE user_id IN (SELECT value FROM json_each(?))',
    )
    .all(ids);

  // user → company → its entry; ranks give the list orders without string keys.
  const entries = new Map<
    number,
    Map<number, { rank: number; value: UserCompany; branches: BranchInfo[] }>
  >();
  for (const link of companyLinks) {
    const company = companies.get(link.company_id);
    if (!company) continue;
    const perUser = entries.get(link.user_id) ?? new Map();
    perUser.set(link.company_id, {
      rank: company.rank,
      branches: [],
      value: {
        perusahaan_id: company.id,
        perusahaan_name: company.nama,
        perusahaan_logo_url: logoUrl(company.logo_file),
        cabang: [],
      },
    });
    entries.set(link.user_id, perUser);
  }
  for (const link of branchLinks) {
    const branch = branches.get(link.branch_id);
    const entry = entries.get(link.user_id)?.get(link.company_id);
    if (branch && entry) entry.branches.push(branch);
  }
  for (const [userId, perUser] of entries) {
    const list = [...perUser.values()].sort((a, b) => a.rank - b.rank);
    for (const entry of list) {
      entry.value.cabang = entry.branches
        .sort((a, b) => a.rank - b.rank)
        .map((b) => ({ cabang_id: b.id, cabang_name: b.name, cabang_kode: b.kode }));
    }
    byUser.set(
      userId,
      list.map((entry) => entry.value),
    );
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
    db
      .prepare<Array<string | number>, { n: number }>(`SELECT COUNT(*) AS n FROM users u ${whereSql}`)
      .get(...args)?.n ?? 0;

  // Newest first by default; a chosen column sorts ascending unless told otherwise.
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const limit = params.perPage;
  const offset = (params.page - 1) * params.perPage;
  const rows =
    params.sortBy === 'role_name'
      ? pageByRoleName(db, where, args, direction, limit, offset)
      : db
          .prepare<Array<string | number>, UserRow>(
            `${SELECT_USERS} ${whereSql} ORDER BY ${sortColumns[params.sortBy ?? 'created_at']} ${direction}, u.id ${direction} LIMIT ? OFFSET ?`,
          )
          .all(...args, limit, offset);
  return { data: withCompanies(db, rows, logoUrl), total };
}
