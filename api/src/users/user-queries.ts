import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortDirection, User, UserCompany, UserListParams, UserSortField } from '@sso/shared/contract';
import { scopeCount, scopeFilter, type ActorScope } from '../access/admin-scope';
import type { AdminDialect } from '../db/dialect-admin';
import type { Q, Store } from '../db/store';
import { containsPattern } from '../http/reply';

/**
 * The users list on the data layer (ADR 0026): one SQL text per shape of query, so SQLite reuses its
 * prepared statements (statement-reuse.ts); what the two stores write differently (case-insensitive
 * order and matching, the keyword's narrowing, id lists, bound values SQLite's planner must not
 * inspect) is asked of `store.admin`.
 */

/** A user row as read: the fields of `User` but `perusahaan`. */
interface UserRow {
  id: number;
  nama: string;
  nik: string;
  phone: string;
  email: string;
  role_id: number;
  role_name: string;
  color_hex_code: string;
  is_active: number;
  last_login_at: string | null;
}

const SELECT_USERS = sql`SELECT u.id, u.nama, u.nik, u.phone, u.email, u.role_id, r.name AS role_name,
  c.hex_code AS color_hex_code, u.is_active, u.last_login_at
  FROM users u JOIN roles r ON r.id = u.role_id JOIN colors c ON c.id = r.color_id`;

/** sortBy → SQL (a whitelist: only these ever reach ORDER BY). */
function sortColumn(dialect: AdminDialect, field: UserSortField): RawBuilder<unknown> {
  switch (field) {
    case 'nama':
      return dialect.caseless(sql.ref('u.nama'));
    case 'email':
      return dialect.caseless(sql.ref('u.email'));
    case 'role_name': // served by pageByRoleName
      return dialect.caseless(sql.ref('r.name'));
    default:
      return sql.ref(`u.${field}`);
  }
}

/** `asc`/`desc` as SQL (the contract's enum, never free text). */
const directionSql = (direction: SortDirection) => sql.raw(direction === 'asc' ? 'ASC' : 'DESC');

/**
 * `ORDER BY` of the list: the column, then the id. A user who never signed in (`last_login_at` NULL)
 * sorts as the smallest value on both stores, as SQLite orders NULLs (PostgreSQL's default is the
 * opposite): first ascending, last descending.
 */
function orderOf(dialect: AdminDialect, field: UserSortField, direction: SortDirection): RawBuilder<unknown> {
  const dir = directionSql(direction);
  const nulls =
    field === 'last_login_at' ? sql.raw(direction === 'asc' ? ' NULLS FIRST' : ' NULLS LAST') : sql``;
  return sql`${sortColumn(dialect, field)} ${dir}${nulls}, u.id ${dir}`;
}

/** `WHERE` over the terms, or nothing. */
const whereOf = (terms: readonly RawBuilder<SqlBool>[]) =>
  terms.length > 0 ? sql`WHERE ${sql.join(terms, sql` AND `)}` : sql``;

/** LIMIT/OFFSET values SQLite's planner must not inspect (a bare `?` recompiles on every run). */
const bound = (dialect: AdminDialect, value: number) => dialect.unindexed(sql.val(value));

/**
 * A page sorted by role name without sorting every user: roles are few, so count the matching users
 * per role, walk the roles in name order to the page, and read each role's slice by the
 * (role_id, id) index. Same order as sorting by the role name in any case, then `u.id`.
 */
async function pageByRoleName(
  store: Store,
  q: Q,
  terms: RawBuilder<SqlBool>[],
  direction: SortDirection,
  limit: number,
  offset: number,
): Promise<UserRow[]> {
  const { admin } = store;
  const counted = await sql<{
    role_id: number;
    n: number;
  }>`SELECT u.role_id, COUNT(*) AS n FROM users u ${whereOf(terms)} GROUP BY u.role_id`.execute(q);
  const perRole = new Map(counted.rows.map((row) => [row.role_id, Number(row.n)]));
  const roles = (await q.selectFrom('roles').select(['id', 'name']).execute())
    .map((role) => ({ id: role.id, key: role.name.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
  if (direction === 'desc') roles.reverse();

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
    const slice = await sql<{ id: number }>`SELECT u.id FROM users u
      ${whereOf([...terms, sql<SqlBool>`u.role_id = ${role.id}`])}
      ORDER BY u.id ${directionSql(direction)} LIMIT ${bound(admin, take)} OFFSET ${bound(admin, skip)}`.execute(
      q,
    );
    ids.push(...slice.rows.map((row) => row.id));
    skip = 0;
  }
  return usersByIds(store, q, ids);
}

/** The users of `ids` in that order (an id deleted meanwhile is left out). */
async function usersByIds(store: Store, q: Q, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<UserRow>`${SELECT_USERS} WHERE u.id IN ${store.admin.idSet(ids)}`.execute(q);
  const byId = new Map(rows.map((row) => [row.id, row]));
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
  /** `store.admin.writeStamp` when it was read. */
  stamp: string;
  companies: Map<number, CompanyInfo>;
  branches: Map<number, BranchInfo>;
  /** Assembled `perusahaan` lists by user id. Shared by responses, so never mutated. */
  perusahaan: Map<number, UserCompany[]>;
  /** Logo URLs inside `perusahaan` were made with this. */
  logoUrl: ((file: string) => string) | undefined;
}

/** Upper bound of users whose `perusahaan` are held (then the map starts over). */
const MAX_HELD_USERS = 50_000;

const held = new WeakMap<Store, Held>();

/**
 * Companies and branches (few, read whole) and the users' assembled company lists, kept until the
 * store changes: `store.admin.writeStamp`, read first, moves on any commit (on PostgreSQL by any
 * instance), so answers are those of fresh reads. The stamp is read before what it guards: a write
 * in between only makes the next request read again.
 */
async function heldOf(store: Store, q: Q, logoUrl: (file: string) => string): Promise<Held> {
  const stamp = await store.admin.writeStamp(q);
  let current = held.get(store);
  if (current?.stamp !== stamp) {
    const companies = await sql<Omit<CompanyInfo, 'rank'>>`SELECT id, nama, logo_file FROM companies
      ORDER BY sort_key, id`.execute(q);
    const branches = await sql<Omit<BranchInfo, 'rank'>>`SELECT id, name, kode FROM branches
      ORDER BY ${store.admin.caseless(sql.ref('name'))}, id`.execute(q);
    current = {
      stamp,
      companies: new Map(companies.rows.map((c, rank) => [c.id, { ...c, rank }])),
      branches: new Map(branches.rows.map((b, rank) => [b.id, { ...b, rank }])),
      perusahaan: new Map(),
      logoUrl: undefined,
    };
    held.set(store, current);
  }
  if (current.logoUrl !== logoUrl || current.perusahaan.size > MAX_HELD_USERS) {
    current.perusahaan.clear();
    current.logoUrl = logoUrl;
  }
  return current;
}

/**
 * `perusahaan` of users not held yet: their company and unit links (two reads for all of them),
 * assembled in memory in the list orders (companies by name ignoring dots and case, units by name).
 */
async function loadCompanies(
  store: Store,
  q: Q,
  state: Held,
  userIds: readonly number[],
  logoUrl: (file: string) => string,
): Promise<void> {
  const { companies, branches } = state;
  const ids = store.admin.idSet(userIds);
  const companyLinks = await q
    .selectFrom('user_companies')
    .select(['user_id', 'company_id'])
    .where('user_id', 'in', ids)
    .execute();
  const branchLinks = await q
    .selectFrom('user_branches')
    .select(['user_id', 'company_id', 'branch_id'])
    .where('user_id', 'in', ids)
    .execute();
  const entriesOf = new Map<
    number,
    Map<number, { rank: number; value: UserCompany; branches: BranchInfo[] }>
  >(userIds.map((id) => [id, new Map()]));
  for (const link of companyLinks) {
    const company = companies.get(link.company_id);
    if (!company) continue;
    entriesOf.get(link.user_id)?.set(company.id, {
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
  for (const link of branchLinks) {
    const entry = entriesOf.get(link.user_id)?.get(link.company_id);
    const branch = branches.get(link.branch_id);
    if (entry && branch) entry.branches.push(branch);
  }
  for (const [userId, entries] of entriesOf) {
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
async function withCompanies(
  store: Store,
  q: Q,
  rows: readonly UserRow[],
  logoUrl: (file: string) => string,
): Promise<User[]> {
  if (rows.length === 0) return [];
  const state = await heldOf(store, q, logoUrl);
  const missing = rows.map((row) => row.id).filter((id) => !state.perusahaan.has(id));
  if (missing.length > 0) await loadCompanies(store, q, state, missing, logoUrl);
  return rows.map((row) => ({
    id: row.id,
    nama: row.nama,
    nik: row.nik,
    phone: row.phone,
    email: row.email,
    role_id: row.role_id,
    role_name: row.role_name,
    color_hex_code: row.color_hex_code,
    perusahaan: state.perusahaan.get(row.id) ?? [],
    is_active: row.is_active === 1,
    last_login_at: row.last_login_at,
  }));
}

/** One user as the list shows it, or undefined. */
export async function findUser(
  store: Store,
  id: number,
  logoUrl: (file: string) => string,
  q: Q = store.db,
): Promise<User | undefined> {
  const { rows } = await sql<UserRow>`${SELECT_USERS} WHERE u.id = ${id}`.execute(q);
  return rows[0] ? (await withCompanies(store, q, rows, logoUrl))[0] : undefined;
}

/**
 * The WHERE terms of the list's search and filters (also the export's), within the actor's
 * administration scope (`scope`, admin-scope.ts; null or group-wide: every user). The keyword: nama,
 * nik or phone contains it, ignoring ASCII case, with %, _ and \ taken literally; the store may
 * narrow the rows first (`searchNarrowing`: SQLite's trigram index), a superset of the matches, so
 * results and totals are those of the plain test.
 */
export function userFilter(
  dialect: AdminDialect,
  params: Omit<UserListParams, 'page' | 'perPage' | 'sort' | 'sortBy'>,
  scope: ActorScope | null = null,
): RawBuilder<SqlBool>[] {
  const terms: RawBuilder<SqlBool>[] = [];
  const scoped = scope ? scopeFilter(dialect, scope) : null;
  if (scoped) terms.push(scoped);
  if (params.keyword) {
    const pattern = containsPattern(params.keyword);
    const like = sql<SqlBool>`(${dialect.contains(sql.ref('u.nama'), pattern)}
      OR ${dialect.contains(sql.ref('u.nik'), pattern)} OR ${dialect.contains(sql.ref('u.phone'), pattern)})`;
    const narrowing = dialect.searchNarrowing(sql.ref('u.id'), 'users_search', params.keyword);
    terms.push(narrowing ? sql<SqlBool>`${narrowing} AND ${like}` : like);
  }
  if (params.perusahaan_id !== undefined) {
    terms.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM user_companies f WHERE f.user_id = u.id AND f.company_id = ${params.perusahaan_id})`,
    );
  }
  if (params.cabang_id !== undefined) {
    terms.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM user_branches f WHERE f.user_id = u.id AND f.branch_id = ${params.cabang_id})`,
    );
  }
  if (params.role_id !== undefined) terms.push(sql<SqlBool>`u.role_id = ${params.role_id}`);
  if (params.status !== undefined) {
    terms.push(sql<SqlBool>`u.is_active = ${params.status === 'active' ? 1 : 0}`);
  }
  // ISO times compare as text (users_created index); Home's "added in the last 7 days".
  if (params.created_from !== undefined) terms.push(sql<SqlBool>`u.created_at >= ${params.created_from}`);
  return terms;
}

const scopedTotals = new WeakMap<Store, { stamp: string; totals: Map<string, number> }>();

/** The count of a scope (`scopeCount`), read once per scope until the store changes (`writeStamp`). */
async function scopedTotal(store: Store, q: Q, scope: ActorScope & { kind: 'own' }): Promise<number> {
  const stamp = await store.admin.writeStamp(q);
  let current = scopedTotals.get(store);
  if (current?.stamp !== stamp) {
    current = { stamp, totals: new Map() };
    scopedTotals.set(store, current);
  }
  const key = JSON.stringify([[...scope.companies], [...scope.branches], [...scope.restricted]]);
  let total = current.totals.get(key);
  if (total === undefined) {
    const { rows } = await scopeCount(store.admin, scope).execute(q);
    total = Number(rows[0]?.n ?? 0);
    if (current.totals.size >= 1000) current.totals.clear();
    current.totals.set(key, total);
  }
  return total;
}

/**
 * GET users/list: filters and sorting in SQL, the page by LIMIT/OFFSET, then the page's companies
 * and units (`withCompanies`).
 */
export async function listUsers(
  store: Store,
  params: UserListParams,
  logoUrl: (file: string) => string,
  scope: ActorScope | null = null,
  q: Q = store.db,
): Promise<{ data: User[]; total: number }> {
  const { admin } = store;
  const terms = userFilter(admin, params, scope);
  // Unfiltered, a scoped actor's count reads the scope's user_companies rows, not every user, and
  // is held until the store changes (the list's first view, Home's cards, every page turn).
  const unfiltered = userFilter(admin, params).length === 0;
  const total =
    scope?.kind === 'own' && unfiltered
      ? await scopedTotal(store, q, scope)
      : Number(
          (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM users u ${whereOf(terms)}`.execute(q)).rows[0]
            ?.n ?? 0,
        );

  // Newest first by default; a chosen column sorts ascending unless told otherwise.
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const limit = params.perPage;
  const offset = (params.page - 1) * params.perPage;
  const rows =
    params.sortBy === 'role_name'
      ? await pageByRoleName(store, q, terms, direction, limit, offset)
      : (
          await sql<UserRow>`${SELECT_USERS} ${whereOf(terms)}
            ORDER BY ${orderOf(admin, params.sortBy ?? 'created_at', direction)}
            LIMIT ${bound(admin, limit)} OFFSET ${bound(admin, offset)}`.execute(q)
        ).rows;
  return { data: await withCompanies(store, q, rows, logoUrl), total };
}

/** Users read per slice by the export (a slice of rows, then its companies and units). */
const EXPORT_SLICE = 500;

/**
 * The users of the list's search and filters in its order, every page: the matching ids are read
 * at once (a number each), the users slice by slice as the caller pulls them, so memory holds one
 * slice. `total` is the count of matches.
 */
export async function userSlices(
  store: Store,
  params: Omit<UserListParams, 'page' | 'perPage'>,
  logoUrl: (file: string) => string,
  scope: ActorScope | null = null,
): Promise<{ total: number; slices: AsyncGenerator<User[]> }> {
  const { admin } = store;
  const direction = params.sort ?? (params.sortBy ? 'asc' : 'desc');
  const { rows } = await sql<{ id: number }>`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
    ${whereOf(userFilter(admin, params, scope))}
    ORDER BY ${orderOf(admin, params.sortBy ?? 'created_at', direction)}`.execute(store.db);
  const ids = rows.map((row) => row.id);
  async function* slices(): AsyncGenerator<User[]> {
    for (let start = 0; start < ids.length; start += EXPORT_SLICE) {
      const part = await usersByIds(store, store.db, ids.slice(start, start + EXPORT_SLICE));
      yield await withCompanies(store, store.db, part, logoUrl);
    }
  }
  return { total: ids.length, slices: slices() };
}
