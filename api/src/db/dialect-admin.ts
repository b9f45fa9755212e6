import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Q, StoreKind } from './store';

/**
 * What the administration side's stores (users, roles, applications, Log Aktivitas) need done
 * differently by the two stores (ADR 0026). Reached as `store.admin`; a store module never tests
 * `store.kind` itself.
 */
/** The administration tables whose ids the store generates. */
export type IdTable =
  'users' | 'roles' | 'applications' | 'menus' | 'app_logos' | 'user_imports' | 'audit_events';

export interface AdminDialect {
  /**
   * `column` contains `pattern` (a `%...%` LIKE pattern, `\` escaping, `containsPattern`) in any
   * case: SQLite's LIKE (ASCII case-insensitive), PostgreSQL's ILIKE (served by the pg_trgm GIN
   * index of the searched columns).
   */
  contains(column: Expression<unknown>, pattern: string): RawBuilder<SqlBool>;
  /**
   * `column` equals `value` in any case, for the columns SQLite declares `COLLATE NOCASE` (a user's
   * NIK): SQLite compares by the column's collation (its unique index serves it), PostgreSQL by
   * `lower(...)` (the baseline's unique index is on `lower(nik)`).
   */
  equalsNoCase(column: Expression<unknown>, value: string): RawBuilder<SqlBool>;
  /**
   * `value` as it sorts in any case (SQLite's `COLLATE NOCASE`, PostgreSQL's `lower(...)`, which the
   * baseline's name indexes are built on).
   */
  caseless<T>(value: Expression<T>): RawBuilder<T>;
  /**
   * A predicate over `id` that narrows a keyword search before `contains` decides it, or null when
   * the store needs none: on SQLite the FTS5 trigram table `search` (3 characters or more; a
   * superset of the LIKE matches), on PostgreSQL nothing (ILIKE reads the trigram index itself).
   */
  searchNarrowing(
    id: Expression<unknown>,
    search: 'users_search' | 'audit_search',
    keyword: string,
  ): RawBuilder<SqlBool> | null;
  /**
   * `value` kept out of the planner's choice of index: SQLite's unary `+` (a page read newest first
   * walks the time index instead of collecting a kind's rows and sorting). PostgreSQL's planner
   * weighs the order by its statistics and needs no hint; its `+` would not even apply to text.
   */
  unindexed<T>(value: Expression<T>): RawBuilder<T>;
  /** A list of ids for `x IN (...)`, bound as one value: SQLite's `json_each`, PostgreSQL's `unnest`. */
  idSet(ids: Iterable<number>): RawBuilder<number>;
  /**
   * After rows were inserted with their ids given (a seed, a copy of a SQLite file): the next
   * generated id of `table` follows the largest one. SQLite's AUTOINCREMENT already does;
   * PostgreSQL's IDENTITY sequence is moved.
   */
  followIds(q: Q, table: IdTable): Promise<void>;
  /**
   * A mark that changes whenever a write may have been committed since it was read, for what a
   * list holds between requests (companies, units, a scope's count). SQLite: this connection's
   * `total_changes()` and the file's `data_version` (other connections' commits). PostgreSQL: the
   * server's current snapshot (its next transaction id and the ones in progress), which moves when
   * any transaction of any instance takes an id or ends: another instance's write is seen at once.
   */
  writeStamp(q: Q): Promise<string>;
  /** Planner statistics of one table, sampled where the store can (SQLite's `analysis_limit`). */
  analyze(q: Q, table: 'audit_events'): Promise<void>;
}

const sqliteDialect: AdminDialect = {
  equalsNoCase: (column, value) => sql<SqlBool>`${column} = ${value}`,
  caseless: <T>(value: Expression<T>) => sql<T>`${value} COLLATE NOCASE`,
  // `+`: a bare bound pattern would make SQLite recompile the prepared statement on every run.
  contains: (column, pattern) => sql<SqlBool>`${column} LIKE +${pattern} ESCAPE '\\'`,
  searchNarrowing(id, search, keyword) {
    if ([...keyword].length < 3 || keyword.includes('\0')) return null;
    const phrase = `"${keyword.replace(/"/g, '""')}"`;
    return sql<SqlBool>`${id} IN (SELECT rowid FROM ${sql.table(search)} WHERE ${sql.table(search)} MATCH ${phrase})`;
  },
  unindexed: <T>(value: Expression<T>) => sql<T>`+${value}`,
  idSet: (ids) => sql<number>`(SELECT value FROM json_each(${JSON.stringify([...ids])}))`,
  followIds: async () => undefined,
  async writeStamp(q) {
    // Two statements: `total_changes()` reads no table (no transaction), the pragma is one opcode.
    const own = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(q);
    const others = await sql<{ data_version: number }>`PRAGMA data_version`.execute(q);
    return `${own.rows[0]?.n ?? 0}:${others.rows[0]?.data_version ?? 0}`;
  },
  async analyze(q, table) {
    await sql`PRAGMA analysis_limit = 1000`.execute(q);
    await sql`ANALYZE ${sql.table(table)}`.execute(q);
  },
};

const postgresDialect: AdminDialect = {
  equalsNoCase: (column, value) => sql<SqlBool>`lower(${column}) = lower(${value})`,
  caseless: <T>(value: Expression<T>) => sql<T>`lower(${value})`,
  contains: (column, pattern) => sql<SqlBool>`${column} ILIKE ${pattern} ESCAPE '\\'`,
  searchNarrowing: () => null,
  unindexed: <T>(value: Expression<T>) => sql<T>`${value}`,
  idSet: (ids) => sql<number>`(SELECT unnest(${[...ids]}::bigint[]))`,
  async writeStamp(q) {
    const { rows } = await sql<{ stamp: string }>`SELECT pg_current_snapshot()::text AS stamp`.execute(q);
    return rows[0]?.stamp ?? '';
  },
  async followIds(q, table) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
      GREATEST((SELECT MAX(id) FROM ${sql.table(table)}), 1))`.execute(q);
  },
  async analyze(q, table) {
    await sql`ANALYZE ${sql.table(table)}`.execute(q);
  },
};

export function adminDialect(kind: StoreKind): AdminDialect {
  return kind === 'postgres' ? postgresDialect : sqliteDialect;
}
