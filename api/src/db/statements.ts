import type Database from 'better-sqlite3';
import type { Db } from './database';

/**
 * Prepared statements cached per connection and SQL text: queries built from a whitelist of
 * fragments (filters, sort columns) are compiled once, not on every request. The set of texts is
 * finite (the fragments are fixed), so the cache stays small.
 */
const cache = new WeakMap<Db, Map<string, Database.Statement>>();

export function statement<P extends unknown[] | object = unknown[], R = unknown>(
  db: Db,
  sql: string,
): Database.Statement<P, R> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let stmt = perDb.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    perDb.set(sql, stmt);
  }
  return stmt as unknown as Database.Statement<P, R>;
}

/**
 * A value that changes whenever the database may have changed: rows written through this
 * connection (`total_changes()`, triggers and foreign-key actions included) or a commit by any
 * other connection (`data_version`). Equal stamps mean the data read in between is still current.
 */
const stampStatements = new WeakMap<Db, Database.Statement<[], [number, number]>>();

export function writeStamp(db: Db): string {
  let stmt = stampStatements.get(db);
  if (!stmt) {
    stmt = db
      .prepare<[], [number, number]>('SELECT total_changes(), (SELECT data_version FROM pragma_data_version)')
      .raw();
    stampStatements.set(db, stmt);
  }
  const [own, others] = stmt.get() ?? [0, 0];
  return `${own}:${others}`;
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
