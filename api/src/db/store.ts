import {
  CompiledQuery,
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  ValueNode,
  SqliteDialect,
  sql,
  type Driver,
  type KyselyPlugin,
  type PrimitiveValueListNode,
  type RawBuilder,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Db } from './database';
import { adminDialect, type AdminDialect } from './dialect-admin';
import { reusingStatements } from './statement-reuse';
import type { AdminTables } from './tables-admin';
import type { AuthTables } from './tables-auth';

/**
 * The tables reached through the data layer (ADR 0026). Column types are what both stores give back:
 * times are milliseconds since the epoch in a 64-bit integer (PostgreSQL's `bigint` is parsed to a
 * JavaScript number below, as SQLite's INTEGER already is).
 */
export interface Tables extends AuthTables, AdminTables {
  meta: { key: string; value: string };
  throttle: { key: string; hits: number; window_ends_at: number };
  /** Times in seconds (the provider's clock), as SQLite's table has them. */
  oidc_keys: { kid: string; private_jwk: string; created_at: number; retired_at: number | null };
}

export type StoreKind = 'sqlite' | 'postgres';

/** The connections of a PostgreSQL store's pool (the `sso_db_pool_*` metrics). */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** A query runner: the store itself or a transaction opened on it. */
export type Q = Kysely<Tables> | Transaction<Tables>;

/**
 * One data layer over two stores. Everything a dialect does differently is decided here (and in
 * `dialect.ts`), never in a store module: the stores write kysely's builder or its `sql` tag and ask
 * this object for the few things that differ.
 */
export interface Store {
  readonly kind: StoreKind;
  readonly db: Kysely<Tables>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Every
   * store called inside takes `trx`, never `db` (a query on `db` would run outside the transaction,
   * and on PostgreSQL on another connection).
   */
  transaction<T>(work: (trx: Transaction<Tables>) => Promise<T>): Promise<T>;
  /**
   * Serializes the transaction `trx` with every other one that locks any of `keys`, until it ends.
   * PostgreSQL: transaction-scoped advisory locks (several api instances, rows that do not exist
   * yet). SQLite: nothing to do, its one writer at a time already serializes writing transactions.
   */
  lockKeys(trx: Transaction<Tables>, keys: readonly string[]): Promise<void>;
  /**
   * After rows were inserted with explicit ids (the seed): the tables' id counters continue after
   * the highest id. SQLite's rowids already do; PostgreSQL's identity sequences are moved.
   */
  afterExplicitIds(q: Q, tables: readonly string[]): Promise<void>;
  /** The column names of `table` (the seed writes older schema versions in the migration tests). */
  columnsOf(q: Q, table: string): Promise<string[]>;
  /**
   * A text column compared and sorted without regard to letter case (SQLite's NOCASE: ASCII
   * letters; PostgreSQL: `lower()`), e.g. in an ORDER BY.
   */
  caseless(column: string): RawBuilder<string>;
  /**
   * `column` contains `pattern` (a LIKE pattern escaped with backslashes, `containsPattern`) in any
   * letter case: SQLite's LIKE (ASCII letters), PostgreSQL's ILIKE.
   */
  likeCaseless(column: string, pattern: string): RawBuilder<boolean>;
  /** The pool's connections (PostgreSQL); null on SQLite, which has one connection. */
  poolStats(): PoolStats | null;
  /** Closes what this store opened (the SQLite file stays with its owner, see `sqliteStore`). */
  close(): Promise<void>;

  // --- The administration side's dialect differences (db/dialect-admin.ts) ---
  /** Case-insensitive matching, keyword search, id lists, planner hints of the admin stores. */
  readonly admin: AdminDialect;
}

function withCommon(
  kind: StoreKind,
  db: Kysely<Tables>,
  close: () => Promise<void>,
  poolStats: () => PoolStats | null = () => null,
): Store {
  return {
    kind,
    db,
    poolStats,
    transaction: (work) => db.transaction().execute(work),
    async lockKeys(trx, keys) {
      if (kind !== 'postgres') return;
      // Sorted and distinct: two transactions locking the same keys take them in the same order.
      for (const key of [...new Set(keys)].sort()) {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      }
    },
    async afterExplicitIds(q, tables) {
      if (kind !== 'postgres') return;
      for (const table of tables) {
        // NULL (no sequence: a plain integer key) leaves setval out; an empty table starts at 1.
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), MAX(id))
          FROM ${sql.table(table)} HAVING MAX(id) IS NOT NULL`.execute(q);
      }
    },
    caseless: (column) =>
      kind === 'postgres'
        ? sql<string>`lower(${sql.ref(column)})`
        : sql<string>`${sql.ref(column)} COLLATE NOCASE`,
    likeCaseless: (column, pattern) =>
      kind === 'postgres'
        ? sql<boolean>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`
        : sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`,
    async columnsOf(q, table) {
      const { rows } =
        kind === 'postgres'
          ? await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = ${table}`.execute(q)
          : await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(q);
      return rows.map((row) => row.name);
    },
    close,
    // --- The administration side's dialect differences (db/dialect-admin.ts) ---
    admin: adminDialect(kind),
  };
}

/**
 * kysely's SQLite dialect, with two changes. A transaction begins IMMEDIATE: it takes the file's
 * write lock at once, so a transaction that reads and then writes cannot fail at its first write
 * because another process wrote in between (SQLITE_BUSY_SNAPSHOT); it waits `busy_timeout` instead.
 * A rollback is sent only while a transaction is open: SQLite ends one itself on some errors
 * (SQLITE_FULL, SQLITE_IOERR, ...), and kysely's ROLLBACK after them would fail with "no transaction
 * is active", an error that would replace the storage fault (a 500 instead of ADR 0023's 503).
 */
class SqliteStoreDialect extends SqliteDialect {
  readonly #database: Db;
  constructor(config: { database: Db; reused: Db }) {
    super({ database: config.reused });
    this.#database = config.database;
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
    };
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.#database.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/**
 * The data layer over an open SQLite connection (`openDatabase`). The connection stays owned by
 * its opener, which closes it; kysely's driver would close it too, so `close()` does nothing.
 */
export function sqliteStore(database: Db): Store {
  // Prepared statements reused by SQL text (statement-reuse.ts); transactions read the real connection.
  const db = new Kysely<Tables>({
    dialect: new SqliteStoreDialect({ database, reused: reusingStatements(database) }),
  });
  return withCommon('sqlite', db, async () => undefined);
}

// PostgreSQL's int8 (bigint: the millisecond times and counts) as a JavaScript number, like SQLite's
// INTEGER: every value stored here is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  /** Connections in this instance's pool. */
  readonly poolSize?: number;
}

/**
 * PostgreSQL's text cannot hold a NUL character (SQLite's can): a parameter with one would fail the
 * whole query (a 500 for a typed keyword or NIK). Nothing stored holds one (stored texts refuse
 * control characters), so a value with NUL can match nothing on either store; sent with U+FFFD in
 * its place it still matches nothing, and the query answers as it does on SQLite.
 */
class NulFreeValues extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'string' && node.value.includes('\0')
      ? ValueNode.create(node.value.replaceAll('\0', '\uFFFD'))
      : super.transformValue(node);
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const values = node.values.map((value) =>
      typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value,
    );
    return super.transformPrimitiveValueList({ ...node, values });
  }
}

const nulFreeValues: KyselyPlugin = {
  transformQuery: (args) => new NulFreeValues().transformNode(args.node),
  transformResult: (args) => Promise.resolve(args.result),
};

/** The data layer over a PostgreSQL database (`DATABASE_URL`), through a pool of `pg` connections. */
export function postgresStore(url: string, options: PostgresOptions = {}): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
  });
  // A connection that breaks (the server stopped or restarting) emits `error`: on the pool while
  // idle, on the client while a query holds it. Without a listener Node would end the process; the
  // query in flight fails on its own (a storage fault, ADR 0023) and the pool drops the connection.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins: [nulFreeValues] });
  return withCommon(
    'postgres',
    db,
    () => db.destroy(),
    () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  );
}
