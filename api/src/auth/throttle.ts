import { isIPv6 } from 'node:net';
import type { Clock } from '../clock';
import type { ApiConfig } from '../config';
import { sql } from 'kysely';
import type { Q, Store, Tables } from '../db/store';
import { CredentialError, tooManyAttempts } from '../http/errors';

/**
 * What a try does to a limit when it succeeds: `reset` starts the count over (the NIK or phone
 * whose right password or code was given), `refund` only gives this try back (the address: a
 * success with one account must not reopen guessing at others), `keep` counts it (codes sent).
 */
type OnSuccess = 'reset' | 'refund' | 'keep';

/** At most `max` counted tries per `windowSeconds` for `key`. */
export interface Limit {
  readonly key: string;
  readonly max: number;
  readonly windowSeconds: number;
  readonly onSuccess: OnSuccess;
  /** A refused code request: the 429 also carries code 6 and window_seconds. */
  readonly otpSend?: boolean;
}

export interface Throttle {
  /**
   * Runs one try under `limits`. When one of them is used up: 429 with Retry-After, and `attempt`
   * does not run. Otherwise the try is counted before it runs (so parallel guesses cannot slip
   * past the limit while a password hash is being checked), kept when `attempt` throws a
   * CredentialError (a wrong guess), given back when it throws anything else, and settled by each
   * limit's `onSuccess` when it succeeds.
   */
  run<T>(limits: readonly Limit[], attempt: () => T | Promise<T>): Promise<T>;
  /** Whether one of `limits` is used up now (its try would be a 429); counts nothing. */
  refuses(limits: readonly Limit[]): Promise<boolean>;
}

/** Expired rows are deleted at most this often (ms). */
const PURGE_EVERY = 60_000;

/**
 * Counters live in the database (table `throttle`), not in memory: a restart of the api does not
 * hand a guesser a fresh budget, every instance serving the same database shares them, and a flood
 * of keys fills the disk, not the heap (expired rows are purged). The cost is one primary-key read
 * per limit on each login or code try and a write only when something is counted or given back.
 *
 * Windows are fixed: the first counted try opens one of `windowSeconds`; when `max` tries have
 * been counted in it, the key is refused until it ends (Retry-After = the seconds left).
 *
 * Counting is one transaction that first locks the limits' keys (`Store.lockKeys`: advisory locks on
 * PostgreSQL, where several instances count at once and a key's row may not exist yet), then reads
 * and counts: two parallel tries of one key cannot both see the last free place.
 */
export function createThrottle(store: Store, clock: Clock): Throttle {
  const read = (q: Q, keys: readonly string[]) =>
    keys.length === 0
      ? Promise.resolve([])
      : q.selectFrom('throttle').select(['key', 'hits', 'window_ends_at']).where('key', 'in', keys).execute();

  const refusal = (rows: readonly Row[], limits: readonly Limit[], now: number) => {
    let waitMs = 0;
    let otpSend = false;
    for (const limit of limits) {
      const row = rows.find((r) => r.key === limit.key);
      if (row && row.window_ends_at > now && row.hits >= limit.max) {
        waitMs = Math.max(waitMs, row.window_ends_at - now);
        otpSend ||= limit.otpSend === true;
      }
    }
    return { waitMs, otpSend };
  };

  /** Counts one try against every limit, or throws the 429 of the one refusing longest. */
  const take = async (limits: readonly Limit[], now: number) => {
    const keys = limits.map((l) => l.key);
    const { waitMs, otpSend } = await store.transaction(async (trx) => {
      await store.lockKeys(trx, keys);
      const found = refusal(await read(trx, keys), limits, now);
      if (found.waitMs > 0) return found;
      for (const limit of limits) {
        const ends = now + limit.windowSeconds * 1000;
        await trx
          .insertInto('throttle')
          .values({ key: limit.key, hits: 1, window_ends_at: ends })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              hits: sql<number>`CASE WHEN throttle.window_ends_at > ${now} THEN throttle.hits + 1 ELSE 1 END`,
              window_ends_at: sql<number>`CASE WHEN throttle.window_ends_at > ${now} THEN throttle.window_ends_at ELSE ${ends} END`,
            }),
          )
          .execute();
      }
      return found;
    });
    // Thrown after the transaction: a refusal counts nothing and rolls nothing back.
    if (waitMs > 0) throw tooManyAttempts(Math.ceil(waitMs / 1000), otpSend);
  };

  const settle = (limits: readonly Limit[], outcome: 'success' | 'void', now: number) =>
    store.transaction(async (trx) => {
      for (const limit of limits) {
        const effect = outcome === 'void' ? 'refund' : limit.onSuccess;
        if (effect === 'reset') await trx.deleteFrom('throttle').where('key', '=', limit.key).execute();
        else if (effect === 'refund') {
          await trx
            .updateTable('throttle')
            .set({ hits: sql<number>`hits - 1` })
            .where('key', '=', limit.key)
            .where('hits', '>', 0)
            .where('window_ends_at', '>', now)
            .execute();
        }
      }
    });

  let purgedAt = -Infinity;

  return {
    async refuses(limits) {
      const rows = await read(
        store.db,
        limits.map((l) => l.key),
      );
      return refusal(rows, limits, clock()).waitMs > 0;
    },

    async run(limits, attempt) {
      const now = clock();
      if (now - purgedAt >= PURGE_EVERY) {
        purgedAt = now;
        await store.db.deleteFrom('throttle').where('window_ends_at', '<=', now).execute();
      }
      await take(limits, now);
      try {
        const result = await attempt();
        await settle(limits, 'success', clock());
        return result;
      } catch (error) {
        if (!(error instanceof CredentialError)) await settle(limits, 'void', clock());
        throw error;
      }
    },
  };
}

type Row = Pick<Tables['throttle'], 'key' | 'hits' | 'window_ends_at'>;

/**
 * The client address as a throttle key. IPv4-mapped IPv6 is the IPv4 address; other IPv6
 * addresses count per /64, the block one client usually holds (else each address would be a
 * fresh budget).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

type GuessSettings = Pick<
  ApiConfig,
  'authMaxFailures' | 'authMaxFailuresPerAddress' | 'authFailureWindowSeconds'
>;

export type AccountIdentifier = { nik: string } | { phone: string };

/** An identifier as the throttle counts it: a NIK in any case and spacing, a phone in its 0… form. */
export function identifierKey(identifier: AccountIdentifier): string {
  return 'nik' in identifier
    ? `nik:${identifier.nik.trim().toLowerCase()}`
    : `phone:${identifier.phone.trim().replace(/^\+?62/, '0')}`;
}

/** Keys of the per-account counts of addresses that signed in to that account before. */
export const knownAddressKeyPrefix = (accountId: number) => `guess:known:${accountId}:`;

/** The per-account count of the tries from one address that signed in to that account before. */
export const knownAddressGuessKey = (accountId: number, ip: string) =>
  `${knownAddressKeyPrefix(accountId)}${addressKey(ip)}`;

/**
 * The per-account count of the tries from one browser that signed in to that account before (its
 * device cookie, auth/devices.ts). Under the known-address prefix, so "Buka blokir" clears it too.
 */
export const knownDeviceGuessKey = (accountId: number, deviceId: string) =>
  `${knownAddressKeyPrefix(accountId)}device:${deviceId}`;

/** A browser known to the account: its own budget, whatever happens at its address or elsewhere. */
export function knownDeviceLimits(config: GuessSettings, accountId: number, deviceId: string): Limit[] {
  return [
    {
      key: knownDeviceGuessKey(accountId, deviceId),
      max: config.authMaxFailures,
      windowSeconds: config.authFailureWindowSeconds,
      onSuccess: 'reset',
    },
  ];
}

type SecondProofSettings = Pick<ApiConfig, 'secondProofMaxPerAddress' | 'authFailureWindowSeconds'>;

/**
 * Second-proof sign-ins per client address: every challenge opened counts (`keep`: right and wrong
 * passwords alike, so the answers' rate tells nothing), and every wrong code (`refund`: a right code
 * gives its try back).
 */
export function secondProofLimits(
  config: SecondProofSettings,
  ip: string,
  onSuccess: 'keep' | 'refund',
): Limit[] {
  return [
    {
      key: `proof:addr:${addressKey(ip)}`,
      max: config.secondProofMaxPerAddress,
      windowSeconds: config.authFailureWindowSeconds,
      onSuccess,
    },
  ];
}

/**
 * Wrong passwords and codes: per account identifier (a NIK or a phone) and per client address.
 * From an address that signed in to the account before (`knownAccountId`), the account's limit is
 * that address's own: failures from anywhere else never refuse it (ADR 0007).
 */
export function guessLimits(
  config: GuessSettings,
  identifier: AccountIdentifier,
  ip: string,
  knownAccountId?: number,
): Limit[] {
  const windowSeconds = config.authFailureWindowSeconds;
  const accountKey =
    knownAccountId === undefined
      ? `guess:${identifierKey(identifier)}`
      : knownAddressGuessKey(knownAccountId, ip);
  return [
    { key: accountKey, max: config.authMaxFailures, windowSeconds, onSuccess: 'reset' },
    {
      key: `guess:addr:${addressKey(ip)}`,
      max: config.authMaxFailuresPerAddress,
      windowSeconds,
      onSuccess: 'refund',
    },
  ];
}

/**
 * Requests of a kind per client address: a success counts, and so does a failure the route throws as
 * a CredentialError (an unknown NIK or phone); other refusals are given back.
 */
const everyRequestOf = (kind: string, ip: string, max: number, windowSeconds: number): Limit => ({
  key: `${kind}:addr:${addressKey(ip)}`,
  max,
  windowSeconds,
  onSuccess: 'keep',
});

type LookupSettings = Pick<ApiConfig, 'lookupMaxPerAddress' | 'lookupWindowSeconds'>;

/** NIK look-ups (forgot-password) per client address: every one counts, known or not. */
export function lookupLimits(config: LookupSettings, ip: string): Limit[] {
  return [everyRequestOf('lookup', ip, config.lookupMaxPerAddress, config.lookupWindowSeconds)];
}

type SendSettings = Pick<ApiConfig, 'otpMaxSendsPerAddress' | 'otpSendWindowSeconds'>;

/**
 * Codes sent per client address, unknown NIKs and phones included (the routes count those as
 * failed tries); the per-phone gap is the OTP service's own rule.
 */
export function sendLimits(config: SendSettings, ip: string): Limit[] {
  const limit = everyRequestOf('send', ip, config.otpMaxSendsPerAddress, config.otpSendWindowSeconds);
  return [{ ...limit, otpSend: true }];
}
