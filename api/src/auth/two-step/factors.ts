import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../clock';
import { sql } from 'kysely';
import type { Store } from '../../db/store';
import type { SecretBox } from './secret-box';

/** Codes of the authenticator app: RFC 6238 defaults every app reads (SHA-1, 6 digits, 30 s). */
const PERIOD = 30;
/** One period either side: a phone clock a little off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes avoid letters read alike (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const ISSUER = 'SSO Panel';

export interface FactorSummary {
  id: number;
  kind: 'totp' | 'passkey';
  label: string;
  created_at: string;
  last_used_at: string | null;
}

export interface TwoStepStatus {
  factors: FactorSummary[];
  recovery_codes_left: number;
  /** The user's role requires a second factor. */
  required: boolean;
}

interface FactorRow {
  id: number;
  kind: string;
  label: string;
  secret: string | null;
  last_step: number;
  created_at: number;
  last_used_at: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A new secret and the otpauth:// URI the QR code carries. */
export function newTotpSecret(accountName: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ issuer: ISSUER, label: accountName, secret, period: PERIOD });
  return { secret: secret.base32, uri: totp.toString() };
}

/** The time step a code of `secret` matches now (within the window), or null. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD });
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** A recovery code as typed (spaces, hyphens, capitals) to its one spelling. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export interface Factors {
  status(userId: number): Promise<TwoStepStatus>;
  /** The user has a confirmed factor. */
  has(userId: number): Promise<boolean>;
  /** The user's role requires two-step verification. */
  required(userId: number): Promise<boolean>;
  /** Adds a confirmed authenticator app with its (plain base32) secret; returns its id. */
  addTotp(userId: number, label: string, secret: string, step: number): Promise<number>;
  /**
   * Whether `code` is a current code of one of the user's authenticator apps that was not used
   * before; a match is consumed (its time step, and every earlier one, cannot be used again).
   */
  useTotp(userId: number, code: string): Promise<boolean>;
  /** Consumes an unused recovery code of the user; false when there is none such. */
  useRecoveryCode(userId: number, code: string): Promise<boolean>;
  /** A new set of recovery codes (the old set stops working); the plain codes, shown once. */
  newRecoveryCodes(userId: number): Promise<string[]>;
  /** Removes one factor; its recovery codes go with the last one. False when it is not theirs. */
  remove(userId: number, factorId: number): Promise<boolean>;
  /** Removes every factor and recovery code of the user; the count of factors removed. */
  reset(userId: number): Promise<number>;
  /** Seals a secret for a pending enrolment (kept in a challenge or a pending row). */
  seal(secret: string): string;
  open(sealed: string): string | null;
}

/**
 * Factors and recovery codes in the database through the data layer. A code is used at most once
 * whichever instance checks it: its consumption is a conditional write (a later time step than the
 * last one used; an unused recovery code).
 */
export function createFactors(store: Store, clock: Clock, box: SecretBox, hashKey: string): Factors {
  const db = store.db;
  const hash = (code: string) => createHmac('sha256', hashKey).update(`recovery:${code}`).digest('base64url');
  const list = (userId: number): Promise<FactorRow[]> =>
    db
      .selectFrom('two_step_factors')
      .select(['id', 'kind', 'label', 'secret', 'last_step', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const count = async (userId: number) =>
    Number(
      (
        await db
          .selectFrom('two_step_factors')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const required = async (userId: number) => {
    // The role's rule (the administration side's tables).
    const { rows } = await sql<{ requires_two_step: number }>`
      SELECT r.requires_two_step FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${userId}`.execute(
      db,
    );
    return Number(rows[0]?.requires_two_step ?? 0) === 1;
  };

  const newCode = () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code;
  };

  return {
    async status(userId) {
      const left = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return {
        factors: (await list(userId)).map((row) => ({
          id: row.id,
          kind: row.kind === 'passkey' ? 'passkey' : 'totp',
          label: row.label,
          created_at: iso(row.created_at),
          last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
        })),
        recovery_codes_left: Number(left?.n ?? 0),
        required: await required(userId),
      };
    },
    has: async (userId) => (await count(userId)) > 0,
    required,
    async addTotp(userId, label, secret, step) {
      const row = await db
        .insertInto('two_step_factors')
        .values({
          user_id: userId,
          kind: 'totp',
          label,
          secret: box.seal(secret),
          last_step: step,
          created_at: clock(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async useTotp(userId, code) {
      if (!/^\d{6}$/.test(code)) return false;
      const now = clock();
      for (const row of await list(userId)) {
        if (row.kind !== 'totp' || row.secret === null) continue;
        const secret = box.open(row.secret);
        if (secret === null) continue;
        const step = matchingStep(secret, code, now);
        // A step at or before the last one used is a replay (or an older code): refused.
        if (step === null || step <= row.last_step) continue;
        const { numUpdatedRows } = await db
          .updateTable('two_step_factors')
          .set({ last_step: step, last_used_at: now })
          .where('id', '=', row.id)
          .where('last_step', '<', step)
          .executeTakeFirst();
        if (numUpdatedRows === 1n) return true;
      }
      return false;
    },
    async useRecoveryCode(userId, code) {
      const normalized = normalizeRecoveryCode(code);
      if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
      const { numUpdatedRows } = await db
        .updateTable('recovery_codes')
        .set({ used_at: clock() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash(normalized))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return numUpdatedRows === 1n;
    },
    async newRecoveryCodes(userId) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
      const now = clock();
      await store.transaction(async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('recovery_codes')
          .values(codes.map((code) => ({ user_id: userId, code_hash: hash(code), created_at: now })))
          .execute();
      });
      return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
    },
    remove(userId, factorId) {
      return store.transaction(async (trx) => {
        const { numDeletedRows } = await trx
          .deleteFrom('two_step_factors')
          .where('id', '=', factorId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (numDeletedRows !== 1n) return false;
        const left = await trx
          .selectFrom('two_step_factors')
          .select('id')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (left === undefined)
          await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        return true;
      });
    },
    reset(userId) {
      return store.transaction(async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        const { numDeletedRows } = await trx
          .deleteFrom('two_step_factors')
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return Number(numDeletedRows);
      });
    },
    seal: (secret) => box.seal(secret),
    open: (sealed) => box.open(sealed),
  };
}

/** A random id for a pending enrolment. */
export const newEnrolmentId = () => randomBytes(18).toString('base64url');
