import type { Store } from '../db/store';
import { addressKey } from './throttle';

const DAY_MS = 86_400_000;

/**
 * Addresses that signed in to an account (by password or phone code), with their last success.
 * Such an address has its own guessing count for that account (`knownAddressGuessKey`), so wrong
 * passwords from anywhere else never refuse it; it stays known for `days` after its last success.
 */
export interface KnownAddresses {
  isKnown(userId: number, ip: string): Promise<boolean>;
  remember(userId: number, ip: string): Promise<void>;
}

export function createKnownAddresses(store: Store, clock: () => number, days: number): KnownAddresses {
  const db = store.db;
  return {
    async isKnown(userId, ip) {
      const row = await db
        .selectFrom('known_addresses')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('address', '=', addressKey(ip))
        .where('last_success_at', '>', clock() - days * DAY_MS)
        .executeTakeFirst();
      return row !== undefined;
    },
    async remember(userId, ip) {
      const now = clock();
      await db
        .insertInto('known_addresses')
        .values({ user_id: userId, address: addressKey(ip), last_success_at: now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'address'])
            .doUpdateSet({ last_success_at: (eb) => eb.ref('excluded.last_success_at') }),
        )
        .execute();
      await db
        .deleteFrom('known_addresses')
        .where('last_success_at', '<=', now - days * DAY_MS)
        .execute();
    },
  };
}
