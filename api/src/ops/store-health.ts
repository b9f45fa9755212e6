import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';

/**
 * What went wrong with the store, as the operator reads it. `full` and `read-only` are the disk's;
 * `io` a failed read or write of the file; `busy` a lock that did not clear in busy_timeout. A
 * PostgreSQL store maps its own errors (connection refused, 57P01, 53100 disk full…) to these.
 */
export type StoreFaultKind = 'full' | 'read-only' | 'io' | 'busy';

/** Seconds a client is told to wait (Retry-After) while the store cannot write. */
export const STORE_RETRY_AFTER_SECONDS = 30;

/** The 503's sentence (Indonesian, as every answer of the api). */
export const storeUnavailableMessage = (seconds: number) =>
  `Penyimpanan data sedang bermasalah, perubahan belum dapat disimpan. Coba lagi dalam ${seconds} detik.`;

/** The fault an error of the SQLite store stands for, or null when it is not one (a bug, a constraint). */
/** The SQLite result code of `error` ('SQLITE_FULL', …), or 'unknown'. */
function sqliteCodeOf(error: unknown): string {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : 'unknown';
}

export function sqliteFaultOf(error: unknown): StoreFaultKind | null {
  // By name and code, not `instanceof`: better-sqlite3's native part keeps the SqliteError class of
  // the first load of the package in a process, so a second load (Jest's registry and realm per test
  // file) throws errors whose class, and even whose Error, are not its own.
  if (typeof error !== 'object' || error === null || Reflect.get(error, 'name') !== 'SqliteError')
    return null;
  const code: unknown = Reflect.get(error, 'code');
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_WRITE_FULL') return 'full';
  if (code.startsWith('SQLITE_READONLY')) return 'read-only';
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN') return 'io';
  if (code.startsWith('SQLITE_BUSY')) return 'busy';
  return null;
}

/** The small part of a store the fault handling needs (SQLite now; PostgreSQL adds its own). */
export interface StoreProbe {
  /** Which fault `error` is, or null. */
  faultOf(error: unknown): StoreFaultKind | null;
  /** One small write (and, for a full disk, room for more); throws while the store cannot write. */
  probeWrite(): void;
}

/** Free bytes a disk that was full must have again before writes are said to be back. */
const ROOM_AFTER_FULL = 256 * 1024;

export function sqliteProbe(db: Db): StoreProbe {
  const write = db.prepare(
    "INSERT INTO meta (key, value) VALUES ('store_probe', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  return {
    faultOf: sqliteFaultOf,
    probeWrite() {
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

  const check = () => {
    try {
      probe.probeWrite();
    } catch (error) {
      if (probe.faultOf(error) !== null) return;
      // Not a storage fault (a bug in the probe): said once, and the episode ends.
      log.error({ err: error }, 'store probe failed');
    }
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
        const code = sqliteCodeOf(error);
        // The code and a fixed sentence: no statement, no value, nothing a request carried.
        log.error(`store fault: ${faultWords[kind]} (${code}); writes answer 503 until it clears`);
        timer = setInterval(check, every);
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

const healthOf = new WeakMap<Db, StoreHealth>();

/** Makes `health` the one `reportStoreFault` uses for `db` (code that has the database, not the app). */
export function attachStoreHealth(db: Db, health: StoreHealth): void {
  healthOf.set(db, health);
}

/**
 * For code that catches a failed write itself (the audit's record after the answer): true when it
 * was a store fault, now reported (counted, and logged once per fault), so the caller logs nothing.
 */
export function reportStoreFault(db: Db, error: unknown): boolean {
  return healthOf.get(db)?.report(error) != null;
}
