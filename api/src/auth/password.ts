import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** scrypt parameters; a stored hash carries its own, so old hashes still verify. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Every new hash in production: N = 2^17, r 8, p 1 (OWASP's minimum for scrypt). About 128 MiB and
 * 270 ms of one core per hash here. Seeds and tests may pass a cheaper cost, only explicitly.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;

/** scrypt needs 128·N·r·p bytes; the limit leaves room above that (Node refuses to exceed it). */
const maxmemOf = (cost: ScryptCost) => 2 * 128 * cost.N * cost.r * cost.p;

/**
 * At most `size` tasks run at once; the others wait in order. Hashes are bounded so that a burst
 * of sign-ins queues instead of holding 128 MiB per request in flight.
 */
export function createSemaphore(size: number): (<T>(task: () => Promise<T>) => Promise<T>) & {
  /** Tasks waiting for a slot now. */
  waiting(): number;
} {
  let active = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < size) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter (active stays the same), else it is freed.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
  return Object.assign(run, { waiting: () => waiting.length });
}

/**
 * Hashes in flight in this process: one per core (more would only wait for a core and hold its
 * memory meanwhile), at most 4 (512 MiB).
 */
export const HASHES_IN_FLIGHT = Math.max(1, Math.min(4, availableParallelism()));
const hashSlot = createSemaphore(HASHES_IN_FLIGHT);

/** Hashes waiting for a slot in this process (the metrics' hashing queue length). */
export const hashesWaiting = (): number => hashSlot.waiting();

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return hashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password,
          salt,
          KEY_LENGTH,
          { N: cost.N, r: cost.r, p: cost.p, maxmem: maxmemOf(cost) },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

const encode = (cost: ScryptCost, salt: Buffer, hash: Buffer) =>
  ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');

/** `scrypt$N$r$p$salt$hash` (base64url parts). Sync: the seed's, at its first start only. */
export function hashPasswordSync(password: string, cost: ScryptCost = PASSWORD_COST): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, { ...cost, maxmem: maxmemOf(cost) });
  return encode(cost, salt, hash);
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  return encode(cost, salt, await scryptAsync(password, salt, cost));
}

interface Parsed {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** Constant-time check; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scryptAsync(password, parsed.salt, parsed.cost);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** A stored hash weaker than `cost` in any parameter: rehash it at the next successful sign-in. */
export function needsRehash(stored: string, cost: ScryptCost = PASSWORD_COST): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/** One hash per cost, of a random password nobody knows (made on first use). */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * What a sign-in for an unknown NIK costs: the same scrypt as checking a real password of `cost`,
 * so the time of the answer does not tell which NIKs exist. Always false.
 */
export async function verifyAgainstDummy(password: string, cost: ScryptCost = PASSWORD_COST): Promise<false> {
  const key = `${cost.N}:${cost.r}:${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(24).toString('base64url'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
