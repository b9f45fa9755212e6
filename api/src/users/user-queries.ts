import type { SortDirection, User, UserCompany, UserListParams, UserSortField } from '@sso/shared/contract';
import type { Db } from '../db/database';
import { statementCache, untilWrite } from '../db/statements';
import { containsPattern } from '../http/reply';
import type { ScopeTerm } from '../access/admin-scope';

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
  is_active: number,
  last_login_at: string | null,
];

type Args = Array<string | number>;

/** Prepared once per SQL text (see `statementCache`), by row shape. */
const userRows = statementCache<Args, UserRow>((stmt) => stmt.raw());
const counts = statementCache<Args, number>((stmt) => stmt.pluck());
const roleCounts = statementCache<Args, { role_id: number; n: number }>();
const idRows = statementCache<Args, { id: number }>();
const roleRows = statementCache<[], { id: number; name: string }>();
const linkRows = statementCache<[string], [number, string | null, string | null]>((stmt) => stmt.raw());

const SELECT_USERS = `SELECT u.id, u.nama, u.nik, u.phone, u.email, u.role_id, r.name, c.hex_code,
  u.is_active, u.last_login_at FROM users u JOIN roles r ON r.id = u.role_id JOIN colors c ON c.id = r.color_id`;

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
  last_login_at: 'u.last_login_at',
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
  args: Args,
  direction: SortDirection,
  limit: number,
  offset: number,
): UserRow[] {
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const perRole = new Map(
    roleCounts(db, `SELECT u.role_id, COUNT(*) AS n FROM users u ${whereSql} GROUP BY u.role_id`)
      .all(...args)
      .map((row) => [row.role_id, row.n]),
  );
  const roles = roleRows(db, 'SELECT id, name FROM roles')
    .all()
    .map((role) => ({ id: role.id, key: role.name.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  if (direction === 'desc') roles.reverse();

  const slice = idRows(
    db,
    `SELECT u.id FROM users u WHERE ${[...where, 'u.role_id = ?'].join(' AND ')} ORDER BY u.id ${direction} LIMIT +? OFFSET +?`,
  );
  const ids: number[] = [];
  let skip = offset;
  for (const role of roles) {
    if (ids.length >= limit) break;
    const n = perRole.get(role.id) ?? 0;
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const take = Math.min(n - skip, limit - ids.length);
    ids.push(...slice.all(...args, role.id, take, skip).map((row) => row.id));
    skip = 0;
  }
  const byId = new Map(
    userRows(db, `${SELECT_USERS} WHERE u.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids))
      .map((row) => [row[0], row]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
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

/** What the list keeps between requests until the database changes (see `heldOf`). */
interface Held {
  companies: Map<number, CompanyInfo>;
  branches: Map<number, BranchInfo>;
  /** Assembled `perusahaan` lists by user id. Shared by responses, so never mutated. */
  perusahaan: Map<number, UserCompany[]>;
  /** Logo URLs inside `perusahaan` were made with this. */
  logoUrl: ((file: string) => string) | undefined;
}

/** Upper bound of users whose `perusahaan` are held (then the map starts over). */
const MAX_HELD_USERS = 50_000;

const held = new WeakMap<Db, () => Held>();

/**
 * Companies and branches (few, read whole) and the users' assembled company lists, kept until the
 * database changes: any write through this connection or a commit by another one (`untilWrite`)
 * starts over, so answers are those of fresh reads.
 */
function heldOf(db: Db, logoUrl: (file: string) => string): Held {
  let read = held.get(db);
  if (!read) {
    read = untilWrite(db, (): Held => ({
      companies: new Map(
        db
          .prepare<[], Omit<CompanyInfo, 'rank'>>(
            'SELECT id, nama, logo_file FROM companies ORDER BY sort_key, id',
          )
          .all()
          .map((c, rank) => [c.id, { ...c, rank }]),
      ),
      branches: new Map(
        db
          .prepare<[], Omit<BranchInfo, 'rank'>>(
            'SELECT id, name, kode FROM branches ORDER BY name COLLATE NOCASE, id',
          )
          .all()
          .map((b, rank) => [b.id, { ...b, rank }]),
      ),
      perusahaan: new Map(),
      logoUrl: undefined,
    }));
    held.set(db, read);
  }
  const current = read();
  if (current.logoUrl !== logoUrl || current.perusahaan.size > MAX_HELD_USERS) {
    current.perusahaan.clear();
    current.logoUrl = logoUrl;
  }
  return current;
}

/**
 * `perusahaan` of users not held yet: their links in one query, one row per user with the company
 * ids and the `company.branch` pairs as text, assembled in memory in the list orders (companies by
 * name ignoring dots and case, units by name).
 */
function loadCompanies(
  db: Db,
  state: Held,
  userIds: readonly number[],
  logoUrl: (file: string) => string,
): void {
  const { companies, branches } = state;
  const links = linkRows(
    db,
    `SELECT j.value,
       (SELECT group_concat(company_id) FROM user_companies WHERE user_id = j.value),
       (SELECT group_concat(company_id || '.' || branch_id) FROM user_branches WHERE user_id = j.value)
     FROM json_each(?) j`,
  ).all(JSON.stringify(userIds));
  for (const [userId, companyIds, branchPairs] of links) {
    const entries = new Map<number, { rank: number; value: UserCompany; branches: BranchInfo[] }>();
    for (const part of companyIds?.split(',') ?? []) {
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
    for (const pair of branchPairs?.split(',') ?? []) {
      const dot = pair.indexOf('.');
      const entry = entries.get(Number(pair.slice(0, dot)));
      const branch = branches.get(Number(pair.slice(dot + 1)));
      if (entry && branch) entry.branches.push(branch);
    }
    state.perusahaan.set(
      userId,
      [...entries.values()]
        .sort((a, b) => a.rank - b.rank)
        .map((entry) => {
          entry.value.cabang = entry.branches
            .sort((a, b) => a.rank - b.rank)
            .map((b) => ({ cabang_id: b.id, cabang_name: b.name, cabang_kode: b.kode }));
          return entry.value;
        }),
    );
  }
}

/**
 * The users as the list shows them, with their companies and units (held between requests, see
 * `heldOf`; read for the users not held yet). Keeps a full 10,000-user page cheap.
 */
function withCompanies(db: Db, rows: readonly UserRow[], logoUrl: (file: string) => string): User[] {
  if (rows.length === 0) return [];
  const state = heldOf(db, logoUrl);
  const missing = rows.map((row) => row[0]).filter((id) => !state.perusahaan.has(id));
  if (missing.length > 0) loadCompanies(db, state, missing, logoUrl);
  return rows.map(([id, nama, nik, phone, email, role_id, role_name, color_hex_code, active, lastLogin]) => ({
    id,
    nama,
    nik,
    phone,
    email,
    role_id,
    role_name,
    color_hex_code,
    perusahaan: state.perusahaan.get(id) ?? [],
    is_active: active === 1,
    last_login_at: lastLogin,
  }));
}

/** One user as the list shows it, or undefined. */
export function findUser(db: Db, id: number, logoUrl: (file: string) => string): User | undefined {
  const row = userRows(db, `${SELECT_USERS} WHERE u.id = ?`).get(id);
  return row ? withCompanies(db, [row], logoUrl)[0] : undefined;
}

/** The trigram index answers substrings of at least this many characters. */
const TRIGRAM = 3;

/**
 * `keyword` as a WHERE term: nama, nik or phone contains it, ignoring ASCII case, with %, _ and \
 * taken literally. The LIKE test is the definition; for 3 characters or more the trigram index
 * (`users_search`, case-folded) first narrows the rows to those holding every trigram of the
 * keyword in sequence, a superset of the LIKE matches, so results and totals are those of the
 * plain scan. Shorter keywords have no trigram and scan with LIKE alone, as do keywords holding a
 * NUL character (LIKE reads its pattern only up to there, the index would look for all of it).
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
 * The WHERE terms of the list's search and filters (also the export's, see user-export.ts), within
 * the actor's administration scope (`scope`, admin-scope.ts; null for a group-wide actor).
 */
export function userFilterOf(
  params: Omit<UserListParams, 'page' | 'perPage' | 'sort' | 'sortBy'>,
  scope: ScopeTerm | null = null,
): {
  where: string[];
  args: Args;
} {
  const where: string[] = [];
  const args: Args = [];
  if (scope) {
    where.push(scope.sql);
    args.push(...scope.args);
  }
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
  if (params.status !== undefined) {
    where.push('u.is_active = ?');
    args.push(params.status === 'active' ? 1 : 0);
  }
  if (params.created_from !== undefined) {
    // ISO times compare as text (users_created index); Home's "added in the last 7 days".
    where.push('u.created_at >= ?');
    args.push(params.created_from);
  }
  return { where, args };
}

const scopedTotals = new WeakMap<Db, () => Map<string, number>>();

/** The count of a scope (`ScopeTerm.count`), read once per scope until the database changes. */
function scopedTotal(db: Db, count: { sql: string; args: Args }): number {
  let read = scopedTotals.get(db);
  if (!read) {
    read = untilWrite(db, () => new Map<string, number>());
    scopedTotals.set(db, read);
  }
  const held = read();
  const key = JSON.stringify([count.sql, count.args]);
  let total = held.get(key);
  if (total === undefined) {
    total = counts(db, count.sql).get(...count.args) ?? 0;
    if (held.size >= 1000) held.clear();
    held.set(key, total);
  }
  return total;
}

/**
 * GET users/list: filters and sorting in SQL, the page by LIMIT/OFFSET, then the page's companies
 * and units (`withCompanies`). Statements are prepared once per text. Fast with 10,000 users.
 */
export function listUsers(
  db: Db,
  params: UserListParams,
  logoUrl: (file: string) => string,
  scope: ScopeTerm | null = null,
) {
  const { where, args } = userFilterOf(params, scope);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  // Unfiltered, a scoped actor's count reads the scope's user_companies rows, not every user, and
  // is held until the database changes (the list's first view, Home's cards, every page turn).
  const unfiltered = userFilterOf(params).where.length === 0;
  const total =
    scope?.count && unfiltered
      ? scopedTotal(db, scope.count)
      : (counts(db, `SELECT COUNT(*) FROM users u ${whereSql}`).get(...args) ?? 0);

  // Newest first by default; a chosen column sorts ascending unless told otherwise.
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const limit = params.perPage;
  const offset = (params.page - 1) * params.perPage;
  const rows =
    params.sortBy === 'role_name'
      ? pageByRoleName(db, where, args, direction, limit, offset)
      : userRows(
          db,
          `${SELECT_USERS} ${whereSql} ORDER BY ${sortColumns[params.sortBy ?? 'created_at']} ${direction}, u.id ${direction} LIMIT +? OFFSET +?`,
        ).all(...args, limit, offset);
  return { data: withCompanies(db, rows, logoUrl), total };
}

/** Users read per slice by the export (a slice of rows, then its companies and units). */
const EXPORT_SLICE = 500;

/**
 * The users of the list's search and filters in its order, every page: the matching ids are read
 * at once (a number each), the users slice by slice as the caller pulls them, so memory holds one
 * slice. `total` is the count of matches.
 */
export function userSlices(
  db: Db,
  params: Omit<UserListParams, 'page' | 'perPage'>,
  logoUrl: (file: string) => string,
  scope: ScopeTerm | null = null,
): { total: number; slices: Generator<User[]> } {
  const { where, args } = userFilterOf(params, scope);
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const ids = idRows(
    db,
    `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id ${whereSql}
     ORDER BY ${sortColumns[params.sortBy ?? 'created_at']} ${direction}, u.id ${direction}`,
  )
    .all(...args)
    .map((row) => row.id);
  function* slices(): Generator<User[]> {
    for (let start = 0; start < ids.length; start += EXPORT_SLICE) {
      const part = ids.slice(start, start + EXPORT_SLICE);
      const byId = new Map(
        userRows(db, `${SELECT_USERS} WHERE u.id IN (SELECT value FROM json_each(?))`)
          .all(JSON.stringify(part))
          .map((row) => [row[0], row]),
      );
      // A user deleted since the ids were read is left out.
      const rows = part.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
      yield withCompanies(db, rows, logoUrl);
    }
  }
  return { total: ids.length, slices: slices() };
}
