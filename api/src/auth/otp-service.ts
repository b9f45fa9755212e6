import { randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_UNKNOWN_ERROR_MESSAGE, type OtpPurpose, type OtpSentData } from '@sso/shared/contract';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { CredentialError, HttpError, otpRateLimited } from '../http/errors';
import { maskPhone } from './mask-phone';
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
  /** Throws a 422 envelope unless `code` is the user's live code for `purpose`. */
  check(userId: number, purpose: OtpPurpose, code: string, step: OtpStep): void;
}

interface OtpRow {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: number;
  verified_at: number | null;
  consumed_at: number | null;
  voided_at: number | null;
}

const otpError = (message: string) => new HttpError(422, { message, errors: { otp: message } });
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
    `SELECT id, code_hash, attempts, expires_at, verified_at, consumed_at, voided_at
     FROM otps WHERE user_id = ? AND purpose = ? ORDER BY id DESC LIMIT 1`,
  );
  const countAttempt = db.prepare('UPDATE otps SET attempts = attempts + 1 WHERE id = ?');
  const consume = db.prepare('UPDATE otps SET consumed_at = ? WHERE id = ?');
  const markVerified = db.prepare('UPDATE otps SET verified_at = ?, expires_at = ? WHERE id = ?');

  const matches = (row: OtpRow, code: string) => {
    const expected = Buffer.from(row.code_hash);
    const actual = Buffer.from(signer.digest(code));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  return {
    send(user, purpose) {
      const now = clock();
      const previous = lastSend.get(user.phone)?.at ?? null;
      if (previous !== null) {
        const waitMs = previous + settings.minIntervalSeconds * 1000 - now;
        if (waitMs > 0) throw otpRateLimited(Math.ceil(waitMs / 1000));
      }
      const code = String(randomInt(100_000, 1_000_000));
      db.transaction(() => {
        voidOlder.run(now, user.id, purpose);
        insertOtp.run(
          user.id,
          user.phone,
          purpose,
          signer.digest(code),
          now + settings.ttlSeconds * 1000,
          now,
        );
      })();
      // The code leaves in clear only through the delivery (the outbox in development only).
      delivery.deliver({ to: user.phone, code, purpose, at: now });
      return {
        masked_phone: maskPhone(user.phone),
        expires_in: settings.ttlSeconds,
        resend_in: settings.minIntervalSeconds,
      };
    },

    check(userId, purpose, code, step) {
      const now = clock();
      const row = latest.get(userId, purpose);
      if (!row || row.voided_at !== null)
        throw otpError('Kode OTP tidak berlaku. Silakan minta kode OTP baru.');
      if (row.consumed_at !== null) throw otpError('Kode OTP sudah digunakan. Silakan minta kode OTP baru.');
      if (row.attempts >= settings.maxAttempts) throw otpError(TOO_MANY);
      if (row.expires_at <= now) throw otpError('Kode OTP sudah kedaluwarsa. Silakan minta kode OTP baru.');
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
