import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Q, Store } from '../db/store';
import { HttpError } from '../http/errors';
import { postgresCodeOf, postgresFaultOf } from './postgres-faults';

/**
 * What went wrong with the store, as the operator reads it. `full` and `read-only` are the disk's;
 * `io` a failed read or write of the file; `busy` a lock that did not clear in busy_timeout. A
 * PostgreSQL store maps its own errors (connection refused, 57P01, 53100 disk full…) to these.
 */
/** `unavailable`: the database server is away (PostgreSQL stopped or restarting, ADR 0026). */
export type StoreFaultKind = 'full' | 'read-only' | 'io' | 'busy' | 'unavailable';

/** Seconds a client is told to wait (Retry-After) while the store cannot write. */
export const STORE_RETRY_AFTER_SECONDS = 30;

/** The 503's sentence (Indonesian, as every answer of the api). */
export const storeUnavailableMessage = (seconds: number) =>
  `Penyimpanan data sedang bermasalah, perubahan belum dapat disimpan. Coba lagi dalam ${seconds} detik.`;

/** SQLite's error code (`SQLITE_FULL`, ...) of a better-sqlite3 error, or null for anything else. */
export function sqliteCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('name' in error) || !('code' in error)) return null;
  return error.name === 'SqliteError' && typeof error.code === 'string' ? error.code : null;
}

/** The fault an error of the SQLite store stands for, or null when it is not one (a bug, a constraint). */
export function sqliteFaultOf(error: unknown): StoreFaultKind | null {
  // By name and code, not `instanceof`: better-sqlite3's native part creates its errors with the
  // class of the first copy of the module loaded in the process (Jest loads one per test file).
  const code = sqliteCodeOf(error);
  if (code === null) return null;
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_WRITE_FULL') return 'full';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return 'io';
  if (code.startsWith('SQLITE_BUSY')) return 'busy';
  return null;
}

/** The small part of a store the fault handling needs (`sqliteProbe`, `postgresProbe`). */
export interface StoreProbe {
  /** Which fault `error` is, or null. */
  faultOf(error: unknown): StoreFaultKind | null;
  /** One small write (and, for a full disk, room for more); rejects while the store cannot write. */
  probeWrite(): Promise<void>;
}

/** Free bytes a disk that was full must have again before writes are said to be back. */
const ROOM_AFTER_FULL = 256 * 1024;

export function sqliteProbe(db: Db): StoreProbe {
  const write = db.prepare(
    "INSERT INTO meta (key, value) VALUES ('store_probe', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  return {
    faultOf: sqliteFaultOf,
    async probeWrite() {
      write.run(new Date().toISOString());
      if (db.name !== ':memory:' && !db.memory) {
        const stats = fs.statfsSync(path.dirname(db.name));
        if (stats.bavail * stats.bsize < ROOM_AFTER_FULL) {
          throw new Database.SqliteError('less than 256 KiB free on the database disk', 'SQLITE_FULL');
        }
      }
    },
  };
}

/**
 * The PostgreSQL store's probe: one small write through the pool. Its faults are PostgreSQL's
 * (`postgresFaultOf`); SQLite's are recognised too while tables not yet on the data layer stay in
 * the SQLite file (ADR 0026).
 */
export function postgresProbe(store: Store): StoreProbe {
  return {
    faultOf: (error) => postgresFaultOf(error) ?? sqliteFaultOf(error),
    async probeWrite() {
      const value = new Date().toISOString();
      await store.db
        .insertInto('meta')
        .values({ key: 'store_probe', value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}

/** The code of a store error for a log line or a metric: SQLite's or PostgreSQL's, else null. */
export const storeErrorCodeOf = (error: unknown): string | null =>
  sqliteCodeOf(error) ?? (postgresFaultOf(error) === null ? null : postgresCodeOf(error));

export interface StoreHealth {
  /** The fault in force, or null when the store writes. */
  readonly fault: StoreFaultKind | null;
  /**
   * Records `error` when it is a store fault and returns the 503 to answer; null otherwise. The
   * first fault of an episode writes one log line; the others count only (`onFault`).
   */
  report(error: unknown): HttpError | null;
  /** Stops the probe (the app closes). */
  stop(): void;
}

export interface StoreHealthOptions {
  /** Milliseconds between two probes while a fault lasts. */
  probeEveryMs?: number;
  /** Called for every store error (metrics count them), fault or not. */
  onError?: (kind: StoreFaultKind) => void;
}

const faultWords: Record<StoreFaultKind, string> = {
  full: 'the database disk is full',
  'read-only': 'the database file or its disk is read-only',
  io: 'the database file cannot be read or written',
  busy: 'the database stayed locked',
  unavailable: 'the database server cannot be reached',
};

/**
 * Storage faults (issue 35): a write the store refuses answers 503 with an Indonesian message and
 * Retry-After instead of a 500 with a stack trace; /ready says false while it lasts; one log line
 * when a fault starts and one when it ends; a probe write every few seconds notices the end by
 * itself (no restart). Reads go on as they are: they never reach here unless they fail too.
 */
export function createStoreHealth(
  probe: StoreProbe,
  log: FastifyBaseLogger,
  options: StoreHealthOptions = {},
): StoreHealth {
  const every = options.probeEveryMs ?? 2000;
  let fault: StoreFaultKind | null = null;
  let since = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;

  let probing = false;
  const check = async () => {
    if (probing) return;
    probing = true;
    try {
      await probe.probeWrite();
    } catch (error) {
      if (probe.faultOf(error) !== null) return;
      // Not a storage fault (a bug in the probe): said once, and the episode ends.
      log.error({ err: error }, 'store probe failed');
    } finally {
      probing = false;
    }
    if (fault === null) return;
    const seconds = Math.round((Date.now() - since) / 1000);
    log.warn(`store fault over: writes accepted again after ${seconds}s (${refused} refused)`);
    fault = null;
    refused = 0;
    clearInterval(timer);
    timer = undefined;
  };

  return {
    get fault() {
      return fault;
    },
    report(error) {
      const kind = probe.faultOf(error);
      if (kind === null) return null;
      options.onError?.(kind);
      refused += 1;
      if (fault === null) {
        fault = kind;
        since = Date.now();
        const code = storeErrorCodeOf(error) ?? 'unknown';
        // The code and a fixed sentence: no statement, no value, nothing a request carried.
        log.error(`store fault: ${faultWords[kind]} (${code}); writes answer 503 until it clears`);
        timer = setInterval(() => void check(), every);
        timer.unref();
      }
      return new HttpError(
        503,
        { message: storeUnavailableMessage(STORE_RETRY_AFTER_SECONDS) },
        { 'retry-after': String(STORE_RETRY_AFTER_SECONDS) },
      );
    },
    stop() {
      clearInterval(timer);
    },
  };
}

const healthOf = new WeakMap<Db | Q, StoreHealth>();

/**
 * Makes `health` the one `reportStoreFault` uses for each of `handles` (the SQLite connection and
 * the data layer's query runner: code that has a database handle, not the app).
 */
export function attachStoreHealth(handles: readonly (Db | Q)[], health: StoreHealth): void {
  for (const handle of handles) healthOf.set(handle, health);
}

/**
 * For code that catches a failed write itself (the audit's record after the answer): true when it
 * was a store fault, now reported (counted, and logged once per fault), so the caller logs nothing.
 * `handle` is the SQLite connection or the store's query runner (`store.db`).
 */
export function reportStoreFault(handle: Db | Q, error: unknown): boolean {
  return healthOf.get(handle)?.report(error) != null;
}
