import type { Db } from '../db/database';
import { addressKey } from './throttle';

const DAY_MS = 86_400_000;

/**
 * Addresses that signed in to an account (by password or phone code), with their last success.
 * Such an address has its own guessing count for that account (`knownAddressGuessKey`), so wrong
 * passwords from anywhere else never refuse it; it stays known for `days` after its last success.
 */
export interface KnownAddresses {
  isKnown(userId: number, ip: string): boolean;
  remember(userId: number, ip: string): void;
}

export function createKnownAddresses(db: Db, clock: () => number, days: number): KnownAddresses {
  const find = db.prepare<[number, string, number], { found: number }>(
    'SELECT 1 AS found FROM known_addresses WHERE user_id = ? AND address = ? AND last_success_at > ?',
  );
  const upsert = db.prepare(
    `INSERT INTO known_addresses (user_id, address, last_success_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = excluded.last_success_at`,
  );
  const purge = db.prepare('DELETE FROM known_addresses WHERE last_success_at <= ?');
  return {
    isKnown(userId, ip) {
      return find.get(userId, addressKey(ip), clock() - days * DAY_MS) !== undefined;
    },
    remember(userId, ip) {
      const now = clock();
      upsert.run(userId, addressKey(ip), now);
      purge.run(now - days * DAY_MS);
    },
  };
}
