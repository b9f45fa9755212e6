import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_UNKNOWN_ERROR_MESSAGE,
  type OtpPurpose,
  type OtpSentData,
  maskPhone,
} from '@sso/shared/contract';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { CredentialError, otpRateLimited } from '../http/errors';
import { PHONE_PREFIXES } from './phone-prefixes';
import type { OtpDelivery } from './otp-delivery';
import type { TokenSigner } from './tokens';

export interface OtpSettings {
  ttlSeconds: number;
  maxAttempts: number;
  minIntervalSeconds: number;
}

/**
 * What a check does with a good code: `consume` it (phone login, password reset) or mark it
 * `verify`-ed and keep it for the reset call, which then requires that mark (`check-verified`
 * only checks it: the reset's new password may still be refused without using the code up).
 */
export type OtpStep = 'consume' | 'verify' | 'check-verified' | 'consume-verified';

export interface OtpService {
  /** Creates a code for the user's phone (its HMAC stored), voids older ones, delivers it. 429 when too early. */
  send(user: { id: number; phone: string }, purpose: OtpPurpose): OtpSentData;
  /**
   * A code of `purpose` for the second proof (second-proof.ts): sent unless one of that purpose went
   * out within the resend gap (that one stays valid). A code of another purpose does not hold it
   * back (a reset code a minute ago is no login code); nothing here tells the caller which it was.
   */
  ensureSent(user: { id: number; phone: string }, purpose: OtpPurpose): void;
  /**
   * Throws a 422 envelope unless `code` is the user's live code for `purpose`. Every refusal is a
   * CredentialError, so the throttle counts it whether or not a code is live (issue 36).
   */
  check(userId: number, purpose: OtpPurpose, code: string, step: OtpStep): void;
  /**
   * For a NIK without an account (`key`, as the throttle names it): answers what `send` would, with
   * the same resend gap and a masked phone that stays the same for that NIK, and sends nothing.
   */
  sendDecoy(key: string, purpose: OtpPurpose): OtpSentData;
  /** The decoy's masked phone: a plausible Indonesian mobile number, fixed per NIK. */
  decoyMaskedPhone(key: string): string;
  /** Checks a code against a NIK without an account: the refusals a real code gives, never a match. */
  checkDecoy(key: string, purpose: OtpPurpose, code: string): never;
}

/** Decoy rows are kept this long after they expire (ms), then purged. */
const DECOY_KEEP_MS = 86_400_000;

interface OtpRow {
  id: number;
  created_at: number;
  code_hash: string;
  attempts: number;
  expires_at: number;
  verified_at: number | null;
  consumed_at: number | null;
  voided_at: number | null;
}

/** No live code, a used one, an expired one: still a guess at the account, so counted (issue 36). */
const otpError = (message: string) => new CredentialError(422, { message, errors: { otp: message } });
const NOT_VALID = 'Kode OTP tidak berlaku. Silakan minta kode OTP baru.';
const EXPIRED = 'Kode OTP sudah kedaluwarsa. Silakan minta kode OTP baru.';
/** A code that does not match: a wrong guess, which the throttle counts. */
const wrongCode = () =>
  new CredentialError(422, {
    message: OTP_UNKNOWN_ERROR_MESSAGE,
    errors: { otp: 'Kode OTP tidak sesuai, silakan periksa kembali' },
  });
const TOO_MANY = 'Terlalu banyak percobaan kode OTP. Silakan minta kode OTP baru.';
/** The wrong code that used up the code's tries: also a wrong guess. */
const lastWrongCode = () => new CredentialError(422, { message: TOO_MANY, errors: { otp: TOO_MANY } });

export function createOtpService(
  db: Db,
  signer: TokenSigner,
  clock: Clock,
  settings: OtpSettings,
  delivery: OtpDelivery,
): OtpService {
  const lastSend = db.prepare<[string], { at: number | null }>(
    'SELECT MAX(created_at) AS at FROM otps WHERE target = ?',
  );
  const voidOlder = db.prepare(
    'UPDATE otps SET voided_at = ? WHERE user_id = ? AND purpose = ? AND consumed_at IS NULL AND voided_at IS NULL',
  );
  const insertOtp = db.prepare(
    'INSERT INTO otps (user_id, target, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const latest = db.prepare<[number, string], OtpRow>(
    `SELECT id, created_at, code_hash, attempts, expires_at, verified_at, consumed_at, voided_at
     FROM otps WHERE user_id = ? AND purpose = ? ORDER BY id DESC LIMIT 1`,
  );
  const countAttempt = db.prepare('UPDATE otps SET attempts = attempts + 1 WHERE id = ?');
  const consume = db.prepare('UPDATE otps SET consumed_at = ? WHERE id = ?');
  const markVerified = db.prepare('UPDATE otps SET verified_at = ?, expires_at = ? WHERE id = ?');

  const decoyRow = db.prepare<[string], { attempts: number; expires_at: number; created_at: number }>(
    'SELECT attempts, expires_at, created_at FROM otp_decoys WHERE key = ?',
  );
  const putDecoy = db.prepare(
    `INSERT INTO otp_decoys (key, attempts, expires_at, created_at) VALUES (?, 0, ?, ?)
     ON CONFLICT (key) DO UPDATE SET attempts = 0, expires_at = excluded.expires_at,
       verified_at = NULL, created_at = excluded.created_at`,
  );
  const countDecoyAttempt = db.prepare('UPDATE otp_decoys SET attempts = attempts + 1 WHERE key = ?');
  const purgeDecoys = db.prepare('DELETE FROM otp_decoys WHERE expires_at <= ?');
  const decoyKey = (key: string, purpose: OtpPurpose) => `${purpose}:${key}`;
  const decoyMaskedPhone = (key: string) => {
    const bytes = Buffer.from(signer.digest(`decoy-phone:${key}`), 'base64url');
    const prefix = PHONE_PREFIXES[(bytes[0] ?? 0) % PHONE_PREFIXES.length] ?? '12';
    const last = String((((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0)) % 1000).padStart(3, '0');
    return maskPhone(`08${prefix}00000${last}`);
  };

  const matches = (row: OtpRow, code: string) => {
    const expected = Buffer.from(row.code_hash);
    const actual = Buffer.from(signer.digest(code));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  /** Creates a code (its HMAC stored), voids older ones of the purpose, hands it to the delivery. */
  const deliver = (user: { id: number; phone: string }, purpose: OtpPurpose, now: number): OtpSentData => {
    const code = String(randomInt(100_000, 1_000_000));
    db.transaction(() => {
      voidOlder.run(now, user.id, purpose);
      insertOtp.run(user.id, user.phone, purpose, signer.digest(code), now + settings.ttlSeconds * 1000, now);
    })();
    // The code leaves in clear only through the delivery (the outbox in development only).
    delivery.deliver({ to: user.phone, code, purpose, at: now });
    return {
      masked_phone: maskPhone(user.phone),
      expires_in: settings.ttlSeconds,
      resend_in: settings.minIntervalSeconds,
    };
  };

  return {
    send(user, purpose) {
      const now = clock();
      const previous = lastSend.get(user.phone)?.at ?? null;
      if (previous !== null) {
        const waitMs = previous + settings.minIntervalSeconds * 1000 - now;
        if (waitMs > 0) throw otpRateLimited(Math.ceil(waitMs / 1000));
      }
      return deliver(user, purpose, now);
    },

    ensureSent(user, purpose) {
      const now = clock();
      const row = latest.get(user.id, purpose);
      if (row && row.created_at + settings.minIntervalSeconds * 1000 > now) return;
      deliver(user, purpose, now);
    },

    sendDecoy(key, purpose) {
      const now = clock();
      const id = decoyKey(key, purpose);
      const previous = decoyRow.get(id)?.created_at ?? null;
      if (previous !== null) {
        const waitMs = previous + settings.minIntervalSeconds * 1000 - now;
        if (waitMs > 0) throw otpRateLimited(Math.ceil(waitMs / 1000));
      }
      purgeDecoys.run(now - DECOY_KEEP_MS);
      putDecoy.run(id, now + settings.ttlSeconds * 1000, now);
      return {
        masked_phone: decoyMaskedPhone(key),
        expires_in: settings.ttlSeconds,
        resend_in: settings.minIntervalSeconds,
      };
    },

    decoyMaskedPhone,

    checkDecoy(key, purpose, code) {
      const now = clock();
      const id = decoyKey(key, purpose);
      const row = decoyRow.get(id);
      // The work of a real check: the code's digest compared in constant time.
      const digest = Buffer.from(signer.digest(code));
      timingSafeEqual(digest, Buffer.from(digest));
      if (!row) throw otpError(NOT_VALID);
      if (row.attempts >= settings.maxAttempts) throw otpError(TOO_MANY);
      if (row.expires_at <= now) throw otpError(EXPIRED);
      countDecoyAttempt.run(id);
      if (row.attempts + 1 >= settings.maxAttempts) throw lastWrongCode();
      throw wrongCode();
    },

    check(userId, purpose, code, step) {
      const now = clock();
      const row = latest.get(userId, purpose);
      if (!row || row.voided_at !== null) throw otpError(NOT_VALID);
      if (row.consumed_at !== null) throw otpError('Kode OTP sudah digunakan. Silakan minta kode OTP baru.');
      if (row.attempts >= settings.maxAttempts) throw otpError(TOO_MANY);
      if (row.expires_at <= now) throw otpError(EXPIRED);
      if (!matches(row, code)) {
        countAttempt.run(row.id);
        if (row.attempts + 1 >= settings.maxAttempts) throw lastWrongCode();
        throw wrongCode();
      }
      if ((step === 'consume-verified' || step === 'check-verified') && row.verified_at === null) {
        throw otpError('Kode OTP belum diverifikasi. Silakan verifikasi kode OTP terlebih dahulu.');
      }
      if (step === 'verify') {
        // The user still has to type a new password: the first verify gives the code a fresh window.
        // Verifying it again answers the same but keeps that window (it cannot be stretched forever).
        if (row.verified_at === null) markVerified.run(now, now + settings.ttlSeconds * 1000, row.id);
      } else if (step !== 'check-verified') {
        consume.run(now, row.id);
      }
    },
  };
}
