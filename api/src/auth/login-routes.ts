import type { FastifyInstance } from 'fastify';
import {
  SSO_PANEL_APP_ID,
  loginNikPayloadSchema,
  loginPhonePayloadSchema,
  paths,
  requestOtpPayloadSchema,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { credentialError, fieldError } from '../http/errors';
import { ok } from '../http/reply';
import { validate } from '../http/validate';
import { findAccountByNik, findAccountByPhone, upgradePasswordHash, type Account } from './accounts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
import { signInTry } from './sign-in-try';
import { sendLimits } from './throttle';

export const OTP_EMPTY_MESSAGE = 'Kode OTP tidak boleh kosong';
const UNKNOWN_NIK = 'NIK tidak terdaftar';

/** The url the client says it runs at, if it is a sane http(s) URL; else the configured panel url. */
function appUrlFrom(url: string | undefined, fallback: string): string {
  if (!url) return fallback;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : fallback;
  } catch {
    return fallback;
  }
}

/** The active account of a phone, for a code send (an unknown phone counts against the address). */
function activeByPhone(account: Account | undefined): Account {
  if (!account) throw credentialError('phone', 'Nomor HP tidak terdaftar');
  if (account.is_active !== 1) throw credentialError('phone', 'Akun tidak aktif');
  return account;
}

/**
 * Spec 4 "Login chain", first step: NIK + password, or phone + OTP → `{ token, apps_id }`.
 * Guesses are throttled per NIK or phone and per address, an address that signed in to the
 * account before on its own count (sign-in-try.ts); code sends per address, unknown phones too.
 */
export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cost = ctx.config.passwordCost;

  app.post(paths.auth.loginNik, async (request) => {
    const body = validate(loginNikPayloadSchema, request.body);
    const account = findAccountByNik(ctx.db, body.nik);
    const attempt = async () => {
      // An unknown NIK costs the same scrypt as a wrong password: the time does not tell.
      if (!account) {
        await verifyAgainstDummy(body.password, cost);
        throw credentialError('nik', UNKNOWN_NIK);
      }
      if (account.is_active !== 1) throw fieldError('nik', 'Akun tidak aktif');
      if (account.password_hash === null) {
        throw fieldError('password', 'Password belum diatur. Gunakan Lupa Password untuk membuatnya.');
      }
      if (!(await verifyPassword(body.password, account.password_hash))) {
        throw credentialError('password', 'Password salah');
      }
      if (needsRehash(account.password_hash, cost)) {
        upgradePasswordHash(ctx.db, account.id, await hashPassword(body.password, cost));
      }
      const { token } = ctx.sessions.createLogin(
        account.id,
        SSO_PANEL_APP_ID,
        appUrlFrom(body.url, ctx.config.panelUrl),
      );
      return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
    };
    return signInTry(ctx, request.ip, { nik: body.nik }, account, attempt, true);
  });

  app.post(paths.auth.requestOtp, async (request) => {
    const body = validate(requestOtpPayloadSchema, request.body);
    return ctx.throttle.run(sendLimits(ctx.config, request.ip), () => {
      const account = activeByPhone(findAccountByPhone(ctx.db, body.phone));
      const sent = ctx.otp.send({ id: account.id, phone: account.phone }, 'login');
      return ok('Kode OTP berhasil dikirim', sent);
    });
  });

  app.post(paths.auth.loginPhone, async (request) => {
    const body = validate(loginPhonePayloadSchema, request.body, { badRequestFields: ['otp'] });
    if (body.otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
    const { otp } = body;
    const found = findAccountByPhone(ctx.db, body.phone);
    const attempt = () => {
      if (!found) throw credentialError('phone', 'Nomor HP tidak terdaftar');
      if (found.is_active !== 1) throw fieldError('phone', 'Akun tidak aktif');
      ctx.otp.check(found.id, 'login', otp, 'consume');
      const { token } = ctx.sessions.createLogin(found.id, SSO_PANEL_APP_ID, ctx.config.panelUrl);
      return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
    };
    return signInTry(ctx, request.ip, { phone: body.phone }, found, attempt, true);
  });
}
