import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * `pnpm db:migrate-to-postgres` (ADR 0028): copies an SQLite file into a PostgreSQL database already
 * migrated to the baseline. Generic on purpose: the tables and columns are read from PostgreSQL's
 * catalog (the baseline grows as stores move onto the data layer, ADR 0026), copied parents first
 * (foreign keys), in batches, in one transaction (a failed copy leaves the target as empty as it was),
 * with insert only (the audit's append-only triggers refuse UPDATE and DELETE, never INSERT); identity
 * sequences are then set past the largest id. A target holding any row is refused. Afterwards every
 * table's count and a sample of its records (by primary key) are compared.
 */

export interface CopyOptions {
  /** The SQLite file (opened read-only). */
  from: string;
  /** The PostgreSQL database (migrated). */
  to: string;
  /** Rows per INSERT (fewer when a table has many columns: PostgreSQL takes 65,535 parameters). */
  batchSize?: number;
  /** Records compared per table after the copy. */
  sampleSize?: number;
  log?: (line: string) => void;
}

export interface TableReport {
  table: string;
  rows: number;
  /** Rows in PostgreSQL after the copy. */
  copied: number;
  sampled: number;
}

export interface CopyReport {
  tables: TableReport[];
  /** SQLite tables with no table of that name in PostgreSQL (not copied). */
  notCopied: string[];
  /** Differences found by the verification: empty when the copy is whole. */
  mismatches: string[];
}

interface Column {
  name: string;
  type: string;
  identity: 'ALWAYS' | 'BY DEFAULT' | null;
}

interface Table {
  name: string;
  columns: Column[];
  primaryKey: string[];
}

/** Tables of kysely's Migrator: the target's own history, never copied. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The target's tables, columns and primary keys, from PostgreSQL's catalog (the current schema). */
async function readCatalog(client: pg.Client): Promise<Table[]> {
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_identity: string;
    identity_generation: string | null;
    is_generated: string;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_identity, c.identity_generation, c.is_generated
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const keys = await client.query<{ table_name: string; column_name: string }>(
    `SELECT tc.relname AS table_name, a.attname AS column_name
       FROM pg_index i
       JOIN pg_class tc ON tc.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = tc.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true
       JOIN pg_attribute a ON a.attrelid = tc.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND n.nspname = current_schema()
      ORDER BY tc.relname, k.position`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    // A generated column is computed by PostgreSQL: never written.
    if (row.is_generated === 'ALWAYS') continue;
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], primaryKey: [] };
    table.columns.push({
      name: row.column_name,
      type: row.data_type,
      identity:
        row.is_identity !== 'YES' ? null : row.identity_generation === 'ALWAYS' ? 'ALWAYS' : 'BY DEFAULT',
    });
    tables.set(row.table_name, table);
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  return [...tables.values()];
}

/** Parents before children (a table's own foreign keys to itself are met by copying in key order). */
async function foreignKeyOrder(client: pg.Client, tables: Table[]): Promise<Table[]> {
  const edges = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of edges.rows) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: Table[] = [];
  const done = new Set<string>();
  const byName = new Map(tables.map((t) => [t.name, t]));
  // Alphabetical among equals, so two runs copy in the same order.
  const names = [...byName.keys()].sort();
  while (ordered.length < tables.length) {
    const ready = names.filter(
      (name) => !done.has(name) && [...(parents.get(name) ?? [])].every((p) => done.has(p)),
    );
    if (ready.length === 0) {
      const left = names.filter((name) => !done.has(name));
      throw new Error(`the foreign keys of ${left.join(', ')} form a cycle: no order to copy them in`);
    }
    for (const name of ready) {
      done.add(name);
      const table = byName.get(name);
      if (table) ordered.push(table);
    }
  }
  return ordered;
}

/** An SQLite value as PostgreSQL's column type takes it (SQLite stores booleans as 0/1). */
function toPostgres(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === 1 || value === 1n || value === true || value === '1';
  if (typeof value === 'bigint') return value.toString();
  if (type === 'text' || type === 'character varying') {
    return typeof value === 'number' ? String(value) : value;
  }
  return value;
}

/** A value of either store in one comparable form. */
function comparable(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1 || value === 1n || value === '1';
  if (type === 'json' || type === 'jsonb') return typeof value === 'string' ? JSON.parse(value) : value;
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return value;
}

const sqliteColumns = (db: Database.Database, table: string) =>
  new Set(
    db
      .prepare<[], { name: string }>(`PRAGMA table_info(${ident(table)})`)
      .all()
      .map((c) => c.name),
  );

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const sampleSize = options.sampleSize ?? 20;
  const source = new Database(options.from, { readonly: true, fileMustExist: true });
  source.defaultSafeIntegers(true);
  const client = new pg.Client({ connectionString: options.to });
  await client.connect();
  try {
    const catalog = await readCatalog(client);
    const sourceTables = new Set(
      source
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
        .all()
        .map((t) => t.name),
    );
    const tables = await foreignKeyOrder(client, catalog);
    const problems: string[] = [];
    for (const table of tables) {
      if (!sourceTables.has(table.name)) {
        problems.push(`${table.name}: no such table in ${options.from}`);
        continue;
      }
      const have = sqliteColumns(source, table.name);
      const missing = table.columns.filter((c) => !have.has(c.name) && !c.identity).map((c) => c.name);
      if (missing.length > 0)
        problems.push(`${table.name}: columns missing in SQLite: ${missing.join(', ')}`);
    }
    if (problems.length > 0) {
      throw new Error(
        `the SQLite file does not match PostgreSQL's schema (is it at this api's latest version? start the api on it once):\n  ${problems.join('\n  ')}`,
      );
    }
    // Refused unless every table is empty: a copy never merges into data already there.
    const nonEmpty: string[] = [];
    for (const table of tables) {
      const { rows } = await client.query(`SELECT 1 FROM ${ident(table.name)} LIMIT 1`);
      if (rows.length > 0) nonEmpty.push(table.name);
    }
    if (nonEmpty.length > 0) {
      throw new Error(`the target database is not empty (rows in ${nonEmpty.join(', ')}): refused`);
    }

    const reports: TableReport[] = [];
    await client.query('BEGIN');
    try {
      for (const table of tables) {
        const have = sqliteColumns(source, table.name);
        const columns = table.columns.filter((c) => have.has(c.name));
        const perBatch = Math.max(
          1,
          Math.min(options.batchSize ?? 1000, Math.floor(65_000 / columns.length)),
        );
        const order = table.primaryKey.length > 0 ? table.primaryKey : columns.map((c) => c.name);
        const select = source.prepare<[], unknown[]>(
          `SELECT ${columns.map((c) => ident(c.name)).join(', ')} FROM ${ident(table.name)} ORDER BY ${order.map(ident).join(', ')}`,
        );
        // An id column PostgreSQL generates ALWAYS takes the copied ids only when told to.
        const overriding = columns.some((c) => c.identity === 'ALWAYS') ? ' OVERRIDING SYSTEM VALUE' : '';
        const head = `INSERT INTO ${ident(table.name)} (${columns.map((c) => ident(c.name)).join(', ')})${overriding} VALUES `;
        let batch: unknown[][] = [];
        let rows = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const values: unknown[] = [];
          const tuples = batch.map((row) => {
            const slots = row.map((value, i) => {
              values.push(toPostgres(value, columns[i]?.type ?? 'text'));
              return `$${values.length}`;
            });
            return `(${slots.join(', ')})`;
          });
          await client.query(head + tuples.join(', '), values);
          rows += batch.length;
          batch = [];
        };
        for (const row of select.raw().iterate()) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        // Identity and serial columns: the next generated id comes after the largest copied.
        for (const column of columns) {
          const { rows: seq } = await client.query<{ seq: string | null }>(
            'SELECT pg_get_serial_sequence($1, $2) AS seq',
            [ident(table.name), column.name],
          );
          const sequence = seq[0]?.seq;
          if (!sequence) continue;
          await client.query(
            `SELECT setval($1, COALESCE(MAX(${ident(column.name)}), 1), MAX(${ident(column.name)}) IS NOT NULL) FROM ${ident(table.name)}`,
            [sequence],
          );
        }
        log(`${table.name}: ${rows} rows`);
        reports.push({ table: table.name, rows, copied: 0, sampled: 0 });
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }

    const mismatches = await verify(source, client, tables, reports, sampleSize);
    log(`verified ${reports.length} tables`);
    const copiedNames = new Set(tables.map((t) => t.name));
    const notCopied = [...sourceTables].filter((name) => !copiedNames.has(name)).sort();
    return { tables: reports, notCopied, mismatches };
  } finally {
    source.close();
    await client.end();
  }
}

/**
 * The verification alone, on a copy made before: every table's count and up to `sampleSize` records
 * per table (the SQLite file as the reference). Returns the differences.
 */
export async function verifyCopy(
  options: Pick<CopyOptions, 'from' | 'to' | 'sampleSize'>,
): Promise<string[]> {
  const source = new Database(options.from, { readonly: true, fileMustExist: true });
  source.defaultSafeIntegers(true);
  const client = new pg.Client({ connectionString: options.to });
  await client.connect();
  try {
    const tables = await readCatalog(client);
    const reports = tables.map((t) => ({ table: t.name, rows: 0, copied: 0, sampled: 0 }));
    return await verify(source, client, tables, reports, options.sampleSize ?? 20);
  } finally {
    source.close();
    await client.end();
  }
}

/** Counts per table, then up to `sampleSize` records per table compared column by column. */
async function verify(
  source: Database.Database,
  client: pg.Client,
  tables: Table[],
  reports: TableReport[],
  sampleSize: number,
): Promise<string[]> {
  const mismatches: string[] = [];
  for (const table of tables) {
    const report = reports.find((r) => r.table === table.name);
    if (!report) continue;
    const have = sqliteColumns(source, table.name);
    const columns = table.columns.filter((c) => have.has(c.name));
    const sqliteCount = Number(
      source.prepare<[], { n: bigint }>(`SELECT COUNT(*) AS n FROM ${ident(table.name)}`).get()?.n ?? 0,
    );
    const { rows: counted } = await client.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM ${ident(table.name)}`,
    );
    report.copied = Number(counted[0]?.n ?? 0);
    if (report.copied !== sqliteCount) {
      mismatches.push(`${table.name}: ${sqliteCount} rows in SQLite, ${report.copied} in PostgreSQL`);
    }
    // The sample is found by primary key; a table without one is compared by count only.
    if (table.primaryKey.length === 0 || sqliteCount === 0) continue;
    const list = columns.map((c) => ident(c.name)).join(', ');
    const sample = source
      .prepare<[number], Record<string, unknown>>(
        `SELECT ${list} FROM ${ident(table.name)} ORDER BY random() LIMIT ?`,
      )
      .all(sampleSize);
    for (const expected of sample) {
      const key = table.primaryKey.map((name) => toPostgres(expected[name], columnType(table, name)));
      const where = table.primaryKey.map((name, i) => `${ident(name)} = $${i + 1}`).join(' AND ');
      const { rows } = await client.query<Record<string, unknown>>(
        `SELECT ${list} FROM ${ident(table.name)} WHERE ${where}`,
        key,
      );
      const shown = `${table.name} (${table.primaryKey.map((name, i) => `${name}=${String(key[i])}`).join(', ')})`;
      const actual = rows[0];
      if (!actual) {
        mismatches.push(`${shown}: missing in PostgreSQL`);
        continue;
      }
      for (const column of columns) {
        const a = comparable(expected[column.name], column.type);
        const b = comparable(actual[column.name], column.type);
        if (!isDeepStrictEqual(a, b)) {
          mismatches.push(
            `${shown}: ${column.name} differs (SQLite ${JSON.stringify(a)}, PostgreSQL ${JSON.stringify(b)})`,
          );
        }
      }
      report.sampled += 1;
    }
  }
  return mismatches;
}

const columnType = (table: Table, name: string) => table.columns.find((c) => c.name === name)?.type ?? 'text';
