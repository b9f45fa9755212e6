import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
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
  status(userId: number): TwoStepStatus;
  /** The user has a confirmed factor. */
  has(userId: number): boolean;
  /** The user's role requires two-step verification. */
  required(userId: number): boolean;
  /** Adds a confirmed authenticator app with its (plain base32) secret; returns its id. */
  addTotp(userId: number, label: string, secret: string, step: number): number;
  /**
   * Whether `code` is a current code of one of the user's authenticator apps that was not used
   * before; a match is consumed (its time step, and every earlier one, cannot be used again).
   */
  useTotp(userId: number, code: string): boolean;
  /** Consumes an unused recovery code of the user; false when there is none such. */
  useRecoveryCode(userId: number, code: string): boolean;
  /** A new set of recovery codes (the old set stops working); the plain codes, shown once. */
  newRecoveryCodes(userId: number): string[];
  /** Removes one factor; its recovery codes go with the last one. False when it is not theirs. */
  remove(userId: number, factorId: number): boolean;
  /** Removes every factor and recovery code of the user; the count of factors removed. */
  reset(userId: number): number;
  /** Seals a secret for a pending enrolment (kept in a challenge or a pending row). */
  seal(secret: string): string;
  open(sealed: string): string | null;
}

export function createFactors(db: Db, clock: Clock, box: SecretBox, hashKey: string): Factors {
  const hash = (code: string) => createHmac('sha256', hashKey).update(`recovery:${code}`).digest('base64url');
  const list = db.prepare<[number], FactorRow>(
    `SELECT id, kind, label, secret, last_step, created_at, last_used_at FROM two_step_factors
     WHERE user_id = ? ORDER BY id`,
  );
  const count = db
    .prepare<[number], number>('SELECT COUNT(*) FROM two_step_factors WHERE user_id = ?')
    .pluck();
  const codesLeft = db
    .prepare<[number], number>('SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL')
    .pluck();
  const requiredBy = db
    .prepare<[number], number>(
      'SELECT r.requires_two_step FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ?',
    )
    .pluck();
  const insert = db.prepare(
    `INSERT INTO two_step_factors (user_id, kind, label, secret, last_step, created_at)
     VALUES (?, 'totp', ?, ?, ?, ?)`,
  );
  const markUsed = db.prepare(
    'UPDATE two_step_factors SET last_step = ?, last_used_at = ? WHERE id = ? AND last_step < ?',
  );
  const useCode = db.prepare(
    'UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
  );
  const dropCodes = db.prepare('DELETE FROM recovery_codes WHERE user_id = ?');
  const insertCode = db.prepare(
    'INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)',
  );
  const dropFactor = db.prepare('DELETE FROM two_step_factors WHERE id = ? AND user_id = ?');
  const dropFactors = db.prepare('DELETE FROM two_step_factors WHERE user_id = ?');

  const newCode = () => {
    let code = '';
    for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    return code;
  };

  return {
    status(userId) {
      return {
        factors: list.all(userId).map((row) => ({
          id: row.id,
          kind: row.kind === 'passkey' ? 'passkey' : 'totp',
          label: row.label,
          created_at: iso(row.created_at),
          last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
        })),
        recovery_codes_left: codesLeft.get(userId) ?? 0,
        required: requiredBy.get(userId) === 1,
      };
    },
    has: (userId) => (count.get(userId) ?? 0) > 0,
    required: (userId) => requiredBy.get(userId) === 1,
    addTotp(userId, label, secret, step) {
      const now = clock();
      return Number(insert.run(userId, label, box.seal(secret), step, now).lastInsertRowid);
    },
    useTotp(userId, code) {
      if (!/^\d{6}$/.test(code)) return false;
      const now = clock();
      for (const row of list.all(userId)) {
        if (row.kind !== 'totp' || row.secret === null) continue;
        const secret = box.open(row.secret);
        if (secret === null) continue;
        const step = matchingStep(secret, code, now);
        // A step at or before the last one used is a replay (or an older code): refused.
        if (step !== null && step > row.last_step && markUsed.run(step, now, row.id, step).changes === 1) {
          return true;
        }
      }
      return false;
    },
    useRecoveryCode(userId, code) {
      const normalized = normalizeRecoveryCode(code);
      if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
      return useCode.run(clock(), userId, hash(normalized)).changes === 1;
    },
    newRecoveryCodes(userId) {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
      const now = clock();
      db.transaction(() => {
        dropCodes.run(userId);
        for (const code of codes) insertCode.run(userId, hash(code), now);
      })();
      return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
    },
    remove(userId, factorId) {
      return db.transaction(() => {
        if (dropFactor.run(factorId, userId).changes !== 1) return false;
        if ((count.get(userId) ?? 0) === 0) dropCodes.run(userId);
        return true;
      })();
    },
    reset(userId) {
      return db.transaction(() => {
        dropCodes.run(userId);
        return dropFactors.run(userId).changes;
      })();
    },
    seal: (secret) => box.seal(secret),
    open: (sealed) => box.open(sealed),
  };
}

/** A random id for a pending enrolment. */
export const newEnrolmentId = () => randomBytes(18).toString('base64url');
