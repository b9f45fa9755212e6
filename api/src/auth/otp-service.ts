import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_UNKNOWN_ERROR_MESSAGE,
  type OtpPurpose,
  type OtpSentData,
  maskPhone,
} from '@sso/shared/contract';
import type { Clock } from '../clock';
import type { Q, Store } from '../db/store';
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
  send(user: { id: number; phone: string }, purpose: OtpPurpose): Promise<OtpSentData>;
  /**
   * A code of `purpose` for the second proof (second-proof.ts): sent unless one of that purpose went
   * out within the resend gap (that one stays valid). A code of another purpose does not hold it
   * back (a reset code a minute ago is no login code); nothing here tells the caller which it was.
   */
  ensureSent(user: { id: number; phone: string }, purpose: OtpPurpose): Promise<void>;
  /**
   * Throws a 422 envelope unless `code` is the user's live code for `purpose`. Every refusal is a
   * CredentialError, so the throttle counts it whether or not a code is live (issue 36).
   */
  check(userId: number, purpose: OtpPurpose, code: string, step: OtpStep): Promise<void>;
  /**
   * For a NIK without an account (`key`, as the throttle names it): answers what `send` would, with
   * the same resend gap and a masked phone that stays the same for that NIK, and sends nothing.
   */
  sendDecoy(key: string, purpose: OtpPurpose): Promise<OtpSentData>;
  /** The decoy's masked phone: a plausible Indonesian mobile number, fixed per NIK. */
  decoyMaskedPhone(key: string): string;
  /** Checks a code against a NIK without an account: the refusals a real code gives, never a match. */
  checkDecoy(key: string, purpose: OtpPurpose, code: string): Promise<never>;
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
const USED = 'Kode OTP sudah digunakan. Silakan minta kode OTP baru.';
const TOO_MANY = 'Terlalu banyak percobaan kode OTP. Silakan minta kode OTP baru.';
/** The wrong code that used up the code's tries: also a wrong guess. */
const lastWrongCode = () => new CredentialError(422, { message: TOO_MANY, errors: { otp: TOO_MANY } });

/**
 * Codes in the database (tables `otps`, `otp_decoys`) through the data layer. The resend gap of a
 * phone (or a decoy's NIK) is read and the new code written in one transaction that locks the
 * phone's key first (`Store.lockKeys`): two instances asked at once send one code, the other answers
 * 429. A code is used at most once: its consumption is a conditional write, whichever instance
 * checks it.
 */
export function createOtpService(
  store: Store,
  signer: TokenSigner,
  clock: Clock,
  settings: OtpSettings,
  delivery: OtpDelivery,
): OtpService {
  const db = store.db;
  const latest = (q: Q, userId: number, purpose: OtpPurpose) =>
    q
      .selectFrom('otps')
      .select([
        'id',
        'created_at',
        'code_hash',
        'attempts',
        'expires_at',
        'verified_at',
        'consumed_at',
        'voided_at',
      ])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  const decoyRow = (q: Q, key: string) =>
    q
      .selectFrom('otp_decoys')
      .select(['attempts', 'expires_at', 'created_at'])
      .where('key', '=', key)
      .executeTakeFirst();
  const decoyKey = (key: string, purpose: OtpPurpose) => `${purpose}:${key}`;
  const decoyMaskedPhone = (key: string) => {
    const bytes = Buffer.from(signer.digest(`decoy-phone:${key}`), 'base64url');
    const prefix = PHONE_PREFIXES[(bytes[0] ?? 0) % PHONE_PREFIXES.length] ?? '12';
    const last = String((((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0)) % 1000).padStart(3, '0');
    return maskPhone(`08${prefix}00000${last}`);
  };
  /** The lock of a phone's (or a decoy's) sends. */
  const sendLock = (target: string) => `otp-send:${target}`;

  const matches = (row: OtpRow, code: string) => {
    const expected = Buffer.from(row.code_hash);
    const actual = Buffer.from(signer.digest(code));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  /** Creates a code (its HMAC stored) and voids older ones of the purpose, in `q`'s transaction. */
  const create = async (q: Q, user: { id: number; phone: string }, purpose: OtpPurpose, now: number) => {
    const code = String(randomInt(100_000, 1_000_000));
    await q
      .updateTable('otps')
      .set({ voided_at: now })
      .where('user_id', '=', user.id)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
    await q
      .insertInto('otps')
      .values({
        user_id: user.id,
        target: user.phone,
        purpose,
        code_hash: signer.digest(code),
        expires_at: now + settings.ttlSeconds * 1000,
        created_at: now,
      })
      .execute();
    return code;
  };

  /** Hands a created code to the delivery (after its transaction committed). */
  const deliver = async (
    user: { id: number; phone: string },
    purpose: OtpPurpose,
    code: string,
    now: number,
  ): Promise<OtpSentData> => {
    // The code leaves in clear only through the delivery (the outbox in development only).
    await delivery.deliver({ to: user.phone, code, purpose, at: now });
    return {
      masked_phone: maskPhone(user.phone),
      expires_in: settings.ttlSeconds,
      resend_in: settings.minIntervalSeconds,
    };
  };

  return {
    async send(user, purpose) {
      const now = clock();
      const { waitMs, code } = await store.transaction(async (trx) => {
        await store.lockKeys(trx, [sendLock(user.phone)]);
        const last = await trx
          .selectFrom('otps')
          .select((eb) => eb.fn.max('created_at').as('at'))
          .where('target', '=', user.phone)
          .executeTakeFirst();
        const previous = last?.at ?? null;
        const wait = previous === null ? 0 : Number(previous) + settings.minIntervalSeconds * 1000 - now;
        if (wait > 0) return { waitMs: wait, code: null };
        return { waitMs: 0, code: await create(trx, user, purpose, now) };
      });
      // Thrown after the transaction: a refusal writes nothing.
      if (code === null) throw otpRateLimited(Math.ceil(waitMs / 1000));
      return deliver(user, purpose, code, now);
    },

    async ensureSent(user, purpose) {
      const now = clock();
      const code = await store.transaction(async (trx) => {
        await store.lockKeys(trx, [sendLock(user.phone)]);
        const row = await latest(trx, user.id, purpose);
        if (row && row.created_at + settings.minIntervalSeconds * 1000 > now) return null;
        return create(trx, user, purpose, now);
      });
      if (code !== null) await deliver(user, purpose, code, now);
    },

    async sendDecoy(key, purpose) {
      const now = clock();
      const id = decoyKey(key, purpose);
      const waitMs = await store.transaction(async (trx) => {
        await store.lockKeys(trx, [sendLock(id)]);
        const previous = (await decoyRow(trx, id))?.created_at ?? null;
        const wait = previous === null ? 0 : previous + settings.minIntervalSeconds * 1000 - now;
        if (wait > 0) return wait;
        await trx
          .deleteFrom('otp_decoys')
          .where('expires_at', '<=', now - DECOY_KEEP_MS)
          .execute();
        const expiresAt = now + settings.ttlSeconds * 1000;
        await trx
          .insertInto('otp_decoys')
          .values({ key: id, attempts: 0, expires_at: expiresAt, created_at: now })
          .onConflict((oc) =>
            oc
              .column('key')
              .doUpdateSet({ attempts: 0, expires_at: expiresAt, verified_at: null, created_at: now }),
          )
          .execute();
        return 0;
      });
      if (waitMs > 0) throw otpRateLimited(Math.ceil(waitMs / 1000));
      return {
        masked_phone: decoyMaskedPhone(key),
        expires_in: settings.ttlSeconds,
        resend_in: settings.minIntervalSeconds,
      };
    },

    decoyMaskedPhone,

    async checkDecoy(key, purpose, code) {
      const now = clock();
      const id = decoyKey(key, purpose);
      const row = await decoyRow(db, id);
      // The work of a real check: the code's digest compared in constant time.
      const digest = Buffer.from(signer.digest(code));
      timingSafeEqual(digest, Buffer.from(digest));
      if (!row) throw otpError(NOT_VALID);
      if (row.attempts >= settings.maxAttempts) throw otpError(TOO_MANY);
      if (row.expires_at <= now) throw otpError(EXPIRED);
      await db
        .updateTable('otp_decoys')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('key', '=', id)
        .execute();
      if (row.attempts + 1 >= settings.maxAttempts) throw lastWrongCode();
      throw wrongCode();
    },

    async check(userId, purpose, code, step) {
      const now = clock();
      const row = await latest(db, userId, purpose);
      if (!row || row.voided_at !== null) throw otpError(NOT_VALID);
      if (row.consumed_at !== null) throw otpError(USED);
      if (row.attempts >= settings.maxAttempts) throw otpError(TOO_MANY);
      if (row.expires_at <= now) throw otpError(EXPIRED);
      if (!matches(row, code)) {
        await db
          .updateTable('otps')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        if (row.attempts + 1 >= settings.maxAttempts) throw lastWrongCode();
        throw wrongCode();
      }
      if ((step === 'consume-verified' || step === 'check-verified') && row.verified_at === null) {
        throw otpError('Kode OTP belum diverifikasi. Silakan verifikasi kode OTP terlebih dahulu.');
      }
      if (step === 'verify') {
        // The user still has to type a new password: the first verify gives the code a fresh window.
        // Verifying it again answers the same but keeps that window (it cannot be stretched forever).
        if (row.verified_at === null) {
          await db
            .updateTable('otps')
            .set({ verified_at: now, expires_at: now + settings.ttlSeconds * 1000 })
            .where('id', '=', row.id)
            .where('verified_at', 'is', null)
            .execute();
        }
      } else if (step !== 'check-verified') {
        // Used once: of two checks of one code at once (two instances), one consumes it.
        const { numUpdatedRows } = await db
          .updateTable('otps')
          .set({ consumed_at: now })
          .where('id', '=', row.id)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) throw otpError(USED);
      }
    },
  };
}
