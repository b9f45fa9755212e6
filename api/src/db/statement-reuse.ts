import type { Db } from './database';

/** Distinct SQL texts kept prepared per connection (the oldest goes first beyond this). */
const KEPT_STATEMENTS = 1000;

/**
 * The SQLite connection as kysely's driver sees it, with its prepared statements reused by SQL text.
 * kysely compiles a query on every call and its driver prepares the text each time; SQLite's
 * compilation of a statement then cost more than running the small queries of the stores (what
 * recording adds to an admin write was 2.4 times slower at the median). The texts are those of the
 * stores' builders and fragments, a finite set, as with `statementCache`. A reused statement is
 * never run twice at once: better-sqlite3 runs each to completion synchronously (kysely's streaming
 * would hold one open; the stores do not stream).
 */
export function reusingStatements(database: Db): Db {
  const kept = new Map<string, ReturnType<Db['prepare']>>();
  const prepare = (source: string) => {
    let stmt = kept.get(source);
    if (stmt) {
      // Most recently used last: the first entry is the one to drop.
      kept.delete(source);
    } else {
      stmt = database.prepare(source);
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value ?? '');
    }
    kept.set(source, stmt);
    return stmt;
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return value instanceof Function ? value.bind(target) : value;
    },
  });
}
