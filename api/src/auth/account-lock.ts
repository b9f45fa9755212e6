import type { Clock } from '../clock';
import type { ApiConfig } from '../config';
import type { Db } from '../db/database';
import { isoAt } from '../http/reply';
import { identifierKey, knownAddressKeyPrefix } from './throttle';

/** An account refused to unknown addresses: until when (ISO time) and the wrong tries counted. */
export interface AccountLock {
  until: string;
  failures: number;
}

/** The throttle keys every address without a sign-in to the account shares: its NIK's and phone's. */
function sharedKeys(db: Db, accountId: number): string[] {
  const row = db
    .prepare<[number], { nik: string; phone: string }>('SELECT nik, phone FROM users WHERE id = ?')
    .get(accountId);
  if (!row) return [];
  return [`guess:${identifierKey({ nik: row.nik })}`, `guess:${identifierKey({ phone: row.phone })}`];
}

/**
 * The account's lock, or null: its NIK or phone has used up the guessing budget of addresses that
 * never signed in to it (they get 429 until `until`). Addresses that did are not held by it.
 */
export function accountLock(
  ctx: { db: Db; clock: Clock; config: Pick<ApiConfig, 'authMaxFailures'> },
  accountId: number,
): AccountLock | null {
  const now = ctx.clock();
  const read = ctx.db.prepare<[string, number], { hits: number; window_ends_at: number }>(
    'SELECT hits, window_ends_at FROM throttle WHERE key = ? AND window_ends_at > ?',
  );
  let lock: AccountLock | null = null;
  let untilMs = 0;
  for (const key of sharedKeys(ctx.db, accountId)) {
    const row = read.get(key, now);
    if (!row || row.hits < ctx.config.authMaxFailures || row.window_ends_at <= untilMs) continue;
    untilMs = row.window_ends_at;
    lock = { until: isoAt(row.window_ends_at), failures: row.hits };
  }
  return lock;
}

/**
 * Lifts the account's lock (an administrator's "Buka blokir"): its NIK's and phone's counts and
 * those of its known addresses start over. The per-address counts stay: they hold the guesser.
 * Returns whether anything was counted.
 */
export function liftAccountLock(db: Db, accountId: number): boolean {
  const remove = db.prepare('DELETE FROM throttle WHERE key = ?');
  const removeKnown = db.prepare('DELETE FROM throttle WHERE key >= ? AND key < ?');
  const prefix = knownAddressKeyPrefix(accountId);
  return db.transaction(() => {
    let changes = 0;
    for (const key of sharedKeys(db, accountId)) changes += remove.run(key).changes;
    // Every `guess:known:<id>:<address>` key: a range scan of the primary key (`;` follows `:`).
    changes += removeKnown.run(prefix, `${prefix.slice(0, -1)};`).changes;
    return changes > 0;
  })();
}
