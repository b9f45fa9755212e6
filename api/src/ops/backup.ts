import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { schemaVersion } from '../db/migrations';

/**
 * One store's backups behind one command (`pnpm backup`, `pnpm restore FILE`; ADR 0023). SQLite
 * implements it here; a PostgreSQL store adds its own (pg_dump -Fc to write, pg_restore into an
 * emptied database to restore, its connections counted in pg_stat_activity to know it is in use).
 */
export interface BackupStore {
  /** What the operator reads: `SQLite /path/sso.sqlite`. */
  readonly label: string;
  /** File name ending of a backup (`.sqlite`; `.dump` for PostgreSQL, backup-postgres.ts). */
  readonly extension: string;
  /** A consistent copy of the store as it is now, written to `target`; writes may go on meanwhile. */
  backup(target: string): Promise<void>;
  /** Integrity of a backup file and its schema version; throws with the reason when unusable. */
  verify(file: string): Promise<BackupFacts>;
  /** Why the store cannot be restored into now (an api has it open), or null. */
  inUse(): Promise<string | null>;
  /** Replaces the store with `file` (verified, the store not in use); returns where the old one went. */
  restore(file: string): Promise<string | null>;
}

export interface BackupFacts {
  schemaVersion: number;
  /** Rows of `users`, or null while the store's schema has no such table (PostgreSQL's baseline). */
  users: number | null;
  bytes: number;
}

/** Backups are named by the time they were started (UTC), so that names sort as times do. */
export const backupName = (at: Date, extension: string) =>
  `sso-${at.toISOString().replace(/[:.]/g, '-')}${extension}`;

const BACKUP_NAME = /^sso-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.[a-z]+$/;

export function sqliteBackupStore(dbFile: string): BackupStore {
  return {
    label: `SQLite ${dbFile}`,
    extension: '.sqlite',
    async backup(target) {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        // One read transaction: the copy is the database as of its start, every write committed
        // before it included; writers are not blocked (WAL). The copy is compact and whole (no -wal).
        db.prepare('VACUUM INTO ?').run(target);
      } finally {
        db.close();
      }
    },
    async verify(file) {
      let db: Database.Database;
      try {
        db = new Database(file, { readonly: true, fileMustExist: true });
      } catch (error) {
        throw new Error(`${file} cannot be opened as SQLite: ${String(error)}`, { cause: error });
      }
      try {
        const check = db.pragma('integrity_check', { simple: true });
        if (check !== 'ok') throw new Error(`${file} fails SQLite's integrity check: ${String(check)}`);
        const keys = db.pragma('foreign_key_check');
        if (Array.isArray(keys) && keys.length > 0) {
          throw new Error(`${file} has ${keys.length} rows whose foreign keys point nowhere`);
        }
        const version = Number(db.pragma('user_version', { simple: true }));
        if (version < 1 || version > schemaVersion) {
          throw new Error(`${file} is at schema ${version}; this api knows schemas 1 to ${schemaVersion}`);
        }
        const users = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users').get()?.n ?? 0;
        return { schemaVersion: version, users, bytes: fs.statSync(file).size };
      } finally {
        db.close();
      }
    },
    async inUse() {
      if (!fs.existsSync(dbFile)) return null;
      const lock = lockExclusive(dbFile);
      if (typeof lock === 'string') return lock;
      lock.close();
      return null;
    },
    async restore(file) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const incoming = `${dbFile}.restoring`;
      fs.mkdirSync(path.dirname(dbFile), { recursive: true });
      fs.copyFileSync(file, incoming);
      const fd = fs.openSync(incoming, 'r+');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      if (!fs.existsSync(dbFile)) {
        fs.renameSync(incoming, dbFile);
        return null;
      }
      // The exclusive lock is held through the swap: an api starting meanwhile waits, then opens
      // the restored file.
      const lock = lockExclusive(dbFile);
      if (typeof lock === 'string') {
        fs.rmSync(incoming, { force: true });
        throw new Error(lock);
      }
      try {
        // What a crash left in the write-ahead log goes into the file kept (it is whole alone).
        lock.pragma('wal_checkpoint(TRUNCATE)');
        const kept = `${dbFile}.before-restore-${stamp}`;
        fs.renameSync(dbFile, kept);
        for (const suffix of ['-wal', '-shm']) {
          if (fs.existsSync(dbFile + suffix)) fs.renameSync(dbFile + suffix, kept + suffix);
        }
        fs.renameSync(incoming, dbFile);
        return kept;
      } finally {
        lock.close();
        // The emptied log of the file kept is of no use; nothing of the old file stays by the new one.
        for (const suffix of ['-wal', '-shm']) {
          const file = `${dbFile}.before-restore-${stamp}${suffix}`;
          if (fs.existsSync(file) && fs.statSync(file).size === 0) fs.rmSync(file);
        }
      }
    },
  };
}

/**
 * The database's exclusive lock, taken without waiting, or why not. An api holds the file open
 * (SQLite's shared lock) as long as it runs, hung or not; a lock dies with its process, so a crashed
 * api does not count. This is how `pnpm restore` knows the api is running, wherever it runs from.
 */
function lockExclusive(dbFile: string): Database.Database | string {
  const db = new Database(dbFile, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (error) {
    db.close();
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) {
      return `${dbFile} is open in another process (the api is running): stop it first`;
    }
    throw error;
  }
}

export interface BackupResult {
  file: string;
  facts: BackupFacts;
  /** Older backups removed by the retention count. */
  removed: string[];
}

/**
 * `pnpm backup`: a consistent copy into `dir` (written under a temporary name, verified, then
 * renamed: a name in `dir` is always a whole, checked backup), then the oldest beyond `keep` removed.
 */
export async function runBackup(
  store: BackupStore,
  dir: string,
  keep: number,
  now = new Date(),
): Promise<BackupResult> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupName(now, store.extension));
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await store.backup(partial);
    const facts = await store.verify(partial);
    fs.renameSync(partial, file);
    return { file, facts, removed: prune(dir, keep) };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** Keeps the `keep` newest backups of `dir` (by name: by time); returns the ones removed. */
export function prune(dir: string, keep: number): string[] {
  const backups = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep)).map((name) => path.join(dir, name));
  for (const file of removed) fs.rmSync(file);
  return removed;
}

/** `pnpm restore FILE`: refused while the store is in use or when FILE fails its checks. */
export async function runRestore(
  store: BackupStore,
  file: string,
): Promise<{ facts: BackupFacts; kept: string | null }> {
  const busy = await store.inUse();
  if (busy) throw new Error(`restore refused: ${busy}`);
  const facts = await store.verify(file);
  const kept = await store.restore(file);
  return { facts, kept };
}
