import type Database from 'better-sqlite3';
import type { Db } from './database';

/**
 * Prepared statements cached per connection and SQL text: queries built from a whitelist of
 * fragments (filters, sort columns) are compiled once, not on every request. The set of texts is
 * finite (the fragments are fixed), so a cache stays small. One cache per row shape:
 * `const rows = statementCache<[number], Row>(); rows(db, sql).all(1)`.
 */
export function statementCache<P extends unknown[] | object = unknown[], R = unknown>(
  configure: (stmt: Database.Statement<P, R>) => void = () => undefined,
): (db: Db, sql: string) => Database.Statement<P, R> {
  const cache = new WeakMap<Db, Map<string, Database.Statement<P, R>>>();
  return (db, sql) => {
    let perDb = cache.get(db);
    if (!perDb) {
      perDb = new Map();
      cache.set(db, perDb);
    }
    let stmt = perDb.get(sql);
    if (!stmt) {
      stmt = db.prepare<P, R>(sql);
      configure(stmt);
      perDb.set(sql, stmt);
    }
    return stmt;
  };
}

const stampStatements = new WeakMap<
  Db,
  { own: Database.Statement<[], number>; others: Database.Statement<[], number> }
>();

/**
 * A value that changes whenever the database may have changed: rows written through this
 * connection (`total_changes()`, triggers and foreign-key actions included) or a commit by any
 * other connection (`data_version`). Equal stamps mean the data read in between is still current.
 */
export function writeStamp(db: Db): string {
  let stmts = stampStatements.get(db);
  if (!stmts) {
    // Two statements: `total_changes()` reads no table (no transaction), the pragma is one opcode.
    stmts = {
      own: db.prepare<[], number>('SELECT total_changes()').pluck(),
      others: db.prepare<[], number>('PRAGMA data_version').pluck(),
    };
    stampStatements.set(db, stmts);
  }
  return `${stmts.own.get() ?? 0}:${stmts.others.get() ?? 0}`;
}

/** `compute()` read once and reused until the database changes (see `writeStamp`). */
export function untilWrite<T>(db: Db, compute: () => T): () => T {
  let stamp: string | undefined;
  let value: T;
  return () => {
    const now = writeStamp(db);
    if (now !== stamp) {
      value = compute();
      stamp = now;
    }
    return value;
  };
}
