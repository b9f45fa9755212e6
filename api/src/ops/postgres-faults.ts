import type { StoreFaultKind } from './store-health';

/**
 * The code of an error from the PostgreSQL store: the server's SQLSTATE (`53100`, ...) or the
 * socket's (`ECONNREFUSED`, ...); `pg`'s own errors without a code (a connection ended under a query,
 * the pool's acquisition timeout) are named here. Null for anything else (a bug).
 */
export function postgresCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  if ('code' in error && typeof error.code === 'string') return error.code;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  if (/^Connection terminated/.test(message)) return 'connection-terminated';
  if (/timeout exceeded when trying to connect/.test(message)) return 'pool-timeout';
  return null;
}

/** Socket errors and `pg`'s: the server is away (stopped, restarting, unreachable). */
const AWAY = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT', // its Unix socket is gone while it is stopped
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'connection-terminated',
  'pool-timeout',
]);

/**
 * The storage fault an error of the PostgreSQL store stands for (ADR 0023's kinds), or null when it
 * is none (a constraint, a bug). Classes by SQLSTATE: 08 connection exceptions and 57P01-57P03
 * (shut down by an administrator, crashed, starting up) are the server being away; 53100 a full
 * disk, 53300 too many connections; 25006 a read-only transaction (a standby or
 * `default_transaction_read_only`); 58 system (I/O) errors; 40001/40P01 (serialization failure,
 * deadlock) and 55P03 (lock not available) the store being busy.
 */
export function postgresFaultOf(error: unknown): StoreFaultKind | null {
  const code = postgresCodeOf(error);
  if (code === null) return null;
  if (AWAY.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return 'unavailable';
  if (code === '53100') return 'full';
  if (code === '25006') return 'read-only';
  if (code.startsWith('58')) return 'io';
  if (code === '53300' || code === '40001' || code === '40P01' || code === '55P03') return 'busy';
  return null;
}
