import type { Clock } from '../clock';
import type { ApiConfig } from '../config';
import type { Q, Store } from '../db/store';
import { isoAt } from '../http/reply';
import { findAccountById } from './accounts';
import { identifierKey, knownAddressKeyPrefix } from './throttle';

/** An account refused to unknown addresses: until when (ISO time) and the wrong tries counted. */
export interface AccountLock {
  until: string;
  failures: number;
}

/** The throttle keys every address without a sign-in to the account shares: its NIK's and phone's. */
async function sharedKeys(q: Q, accountId: number): Promise<string[]> {
  const row = await findAccountById(q, accountId);
  if (!row) return [];
  return [`guess:${identifierKey({ nik: row.nik })}`, `guess:${identifierKey({ phone: row.phone })}`];
}

/**
 * The account's lock, or null: its NIK or phone has used up the guessing budget of addresses that
 * never signed in to it (they get 429 until `until`). Addresses that did are not held by it.
 */
export async function accountLock(
  ctx: { store: Store; clock: Clock; config: Pick<ApiConfig, 'authMaxFailures'> },
  accountId: number,
): Promise<AccountLock | null> {
  const now = ctx.clock();
  const keys = await sharedKeys(ctx.store.db, accountId);
  if (keys.length === 0) return null;
  const rows = await ctx.store.db
    .selectFrom('throttle')
    .select(['hits', 'window_ends_at'])
    .where('key', 'in', keys)
    .where('window_ends_at', '>', now)
    .execute();
  let lock: AccountLock | null = null;
  let untilMs = 0;
  for (const row of rows) {
    if (row.hits < ctx.config.authMaxFailures || row.window_ends_at <= untilMs) continue;
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
export async function liftAccountLock(q: Q, accountId: number): Promise<boolean> {
  const prefix = knownAddressKeyPrefix(accountId);
  const keys = await sharedKeys(q, accountId);
  const { numDeletedRows } = await q
    .deleteFrom('throttle')
    .where((eb) =>
      eb.or([
        ...(keys.length > 0 ? [eb('key', 'in', keys)] : []),
        // Every `guess:known:<id>:<address>` key: a range scan of the primary key (`;` follows `:`).
        eb.and([eb('key', '>=', prefix), eb('key', '<', `${prefix.slice(0, -1)};`)]),
      ]),
    )
    .executeTakeFirst();
  return numDeletedRows > 0n;
}
