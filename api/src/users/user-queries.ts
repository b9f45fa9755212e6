import type { SortDirection, User, UserCompany, UserListParams, UserSortField } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { statement, untilWrite } from '../db/statements';
import { containsPattern } from '../http/reply';

/** A user row as read (raw arrays: cheaper than objects): the fields of `User` but `perusahaan`. */
type UserRow = [
  id: number,
  nama: string,
  nik: string,
  phone: string,
  email: string,
  role_id: number,
  role_name: string,
  color_hex_code: string,
];

const SELECT_USERS = `SELECT u.id, u.nama, u.nik, u.phone, u.email, u.role_id, r.name, c.hex_code
  FROM users u JOIN roles r ON r.id = u.role_id JOIN colors c ON c.id = r.color_id`;

/*
 * Bound values that SQLite's planner may inspect (a LIKE pattern, LIMIT and OFFSET) are written
 * `+?`: unary plus is a no-op, but a bare `?` there makes the prepared statement recompile on
 * every run once the value is bound (sqlite3VdbeSetVarmask), which costs more than the query.
 */

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
    statement<Array<string | number>, { role_id: number; n: number }>(
      db,
      `SELECT u.role_id, COUNT(*) AS n FROM users u ${whereSql} GROUP BY u.role_id`,
    )
      .all(...args)
      .map((row) => [row.role_id, row.n]),
  );
  const roles = statement<[], { id: number; name: string }>(db, 'SELECT id, name FROM roles')
    .all()
    .map((role) => ({ id: role.id, key: role.name.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  if (direction === 'desc') roles.reverse();

  const slice = statement<Array<string | number>, { id: number }>(
    db,
    `SELECT u.id FROM users u WHERE ${[...where, 'u.role_id = ?'].join(' AND ')} ORDER BY u.id ${direction} LIMIT +? OFFSET +?`,
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
    statement<[string], UserRow>(db, `${SELECT_USERS} WHERE u.id IN (SELECT value FROM json_each(?))`)
      .raw()
      .all(JSON.stringify(ids))
      .map((row) => [row[0], row]),
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

interface Reference {
  companies: Map<number, CompanyInfo>;
  branches: Map<number, BranchInfo>;
}

/** Companies and branches are few and seldom change: read whole, kept until the database changes. */
const references = new WeakMap<Db, () => Reference>();
function referenceOf(db: Db): Reference {
  let read = references.get(db);
  if (!read) {
    read = untilWrite(db, () => ({
      companies: new Map(
        db
          .prepare<[], Omit<CompanyInfo, 'rank'>>('SELECT id, nama, logo_file FROM companies ORDER BY sort_key, id')
          .all()
          .map((c, rank) => [c.id, { ...c, rank }]),
      ),
      branches: new Map(
        db
          .prepare<[], Omit<BranchInfo, 'rank'>>('SELECT id, name, kode FROM branches ORDER BY name COLLATE NOCASE, id')
          .all()
          .map((b, rank) => [b.id, { ...b, rank }]),
      ),
    }));
    references.set(db, read);
  }
  return read();
}

/**
 * The users as the list shows them, with their companies and units. Companies and branches are
 * few: held whole (see `referenceOf`). The links of the page's users come in one query, one row per
 * user with the company ids and the `company.branch` pairs as text, and are assembled in memory in
 * the list orders (companies by name ignoring dots and case, units by name). Keeps a full
 * 10,000-user page cheap.
 */
function withCompanies(db: Db, rows: readonly UserRow[], logoUrl: (file: string) => string): User[] {
  if (rows.length === 0) return [];
  const { companies, branches } = referenceOf(db);
  const links = new Map(
    statement<[string], [number, string | null, string | null]>(
      db,
      `SELECT j.value,
         (SELECT group_concat(company_id) FROM user_companies WHERE user_id = j.value),
         (SELECT group_concat(company_id || '.' || branch_id) FROM user_branches WHERE user_id = j.value)
       FROM json_each(?) j`,
    )
      .raw()
      .all(JSON.stringify(rows.map((row) => row[0])))
      .map(([userId, companyIds, branchPairs]) => [userId, { companyIds, branchPairs }]),
  );

  return rows.map(([id, nama, nik, phone, email, role_id, role_name, color_hex_code]) => {
    const link = links.get(id);
    const entries = new Map<number, { rank: number; value: UserCompany; branches: BranchInfo[] }>();
    for (const part of link?.companyIds?.split(',') ?? []) {
      const company = companies.get(Number(part));
      if (!company) continue;
      entries.set(company.id, {
        rank: company.rank,
        branches: [],
        value: {
          perusahaan_id: company.id,
          perusahaan_name: company.nama,
          perusahaan_logo_url: logoUrl(company.logo_file),
          cabang: [],
        },
      });
    }
    for (const pair of link?.branchPairs?.split(',') ?? []) {
      const dot = pair.indexOf('.');
      const entry = entries.get(Number(pair.slice(0, dot)));
      const branch = branches.get(Number(pair.slice(dot + 1)));
      if (entry && branch) entry.branches.push(branch);
    }
    const perusahaan = [...entries.values()]
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => {
        entry.value.cabang = entry.branches
          .sort((a, b) => a.rank - b.rank)
          .map((b) => ({ cabang_id: b.id, cabang_name: b.name, cabang_kode: b.kode }));
        return entry.value;
      });
    return { id, nama, nik, phone, email, role_id, role_name, color_hex_code, perusahaan };
  });
}

/** One user as the list shows it, or undefined. */
export function findUser(db: Db, id: number, logoUrl: (file: string) => string): User | undefined {
  const row = statement<[number], UserRow>(db, `${SELECT_USERS} WHERE u.id = ?`).raw().get(id);
  return row ? withCompanies(db, [row], logoUrl)[0] : undefined;
}

/** The trigram index answers substrings of at least this many characters. */
const TRIGRAM = 3;

/**
 * `keyword` as a WHERE term: nama, nik or phone contains it, ignoring ASCII case, with %, _ and \
 * taken literally. The LIKE test is the definition; for 3 characters or more the trigram index
 * (`users_search`, case-folded) first narrows the rows to those holding every trigram of the
 * keyword in sequence, a superset of the LIKE matches, so results and totals are those of the
 * plain scan. Shorter keywords have no trigram and scan with LIKE alone.
 */
function keywordFilter(keyword: string): { sql: string; args: string[] } {
  const pattern = containsPattern(keyword);
  // `+?`: see the note on bound values above.
  const like = `(u.nama LIKE +? ESCAPE '\\' OR u.nik LIKE +? ESCAPE '\\' OR u.phone LIKE +? ESCAPE '\\')`;
  if ([...keyword].length < TRIGRAM || keyword.includes('\0')) {
    return { sql: like, args: [pattern, pattern, pattern] };
  }
  // One FTS5 phrase (a quoted string, quotes doubled): the trigram tokenizer reads it as a substring.
  const phrase = `"${keyword.replace(/"/g, '""')}"`;
  return {
    sql: `u.id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?) AND ${like}`,
    args: [phrase, pattern, pattern, pattern],
  };
}

/**
 * GET users/list: filters and sorting in SQL, the page by LIMIT/OFFSET, then the page's companies
 * and units in one more query (fast with 10,000 users). Statements are prepared once per text.
 */
export function listUsers(db: Db, params: UserListParams, logoUrl: (file: string) => string) {
  const where: string[] = [];
  const args: Array<string | number> = [];
  if (params.keyword) {
    const keyword = keywordFilter(params.keyword);
    where.push(keyword.sql);
    args.push(...keyword.args);
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
    statement<Array<string | number>, number>(db, `SELECT COUNT(*) FROM users u ${whereSql}`)
      .pluck()
      .get(...args) ?? 0;

  // Newest first by default; a chosen column sorts ascending unless told otherwise.
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const limit = params.perPage;
  const offset = (params.page - 1) * params.perPage;
  const rows =
    params.sortBy === 'role_name'
      ? pageByRoleName(db, where, args, direction, limit, offset)
      : statement<Array<string | number>, UserRow>(
          db,
          `${SELECT_USERS} ${whereSql} ORDER BY ${sortColumns[params.sortBy ?? 'created_at']} ${direction}, u.id ${direction} LIMIT +? OFFSET +?`,
        )
          .raw()
          .all(...args, limit, offset);
  return { data: withCompanies(db, rows, logoUrl), total };
}
