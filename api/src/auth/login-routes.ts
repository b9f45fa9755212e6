import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INACTIVE_ACCOUNT_MESSAGE,
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
import { findAccountByNik, findAccountByPhone, type Account } from './accounts';
import { verifyPassword } from './password';
import { guessLimits, sendLimits } from './throttle';

export const OTP_EMPTY_MESSAGE = 'Kode OTP tidak boleh kosong';

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

/** The active account of a phone; an unknown phone at login is a wrong guess, at a send it is not. */
function activeByPhone(ctx: AppContext, phone: string, unknownIsGuess = false): Account {
  const account = findAccountByPhone(ctx.db, phone);
  if (!account) {
    throw unknownIsGuess
      ? credentialError('phone', 'Nomor HP tidak terdaftar')
      : fieldError('phone', 'Nomor HP tidak terdaftar');
  }
  if (account.is_active !== 1) throw fieldError('phone', INACTIVE_ACCOUNT_MESSAGE);
  return account;
}

/** Where a sign-in comes from, for the user's session list. */
const clientOf = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * Spec 4 "Login chain", first step: NIK + password, or phone + OTP → `{ token, apps_id }`.
 * Guesses are throttled per NIK or phone and per address; code sends per address (throttle.ts).
 */
export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(paths.auth.loginNik, async (request) => {
    const body = validate(loginNikPayloadSchema, request.body);
    return ctx.throttle.run(guessLimits(ctx.config, { nik: body.nik }, request.ip), async () => {
      const account = findAccountByNik(ctx.db, body.nik);
      if (!account) throw credentialError('nik', 'NIK tidak terdaftar');
      if (account.is_active !== 1) throw fieldError('nik', INACTIVE_ACCOUNT_MESSAGE);
      if (account.password_hash === null) {
        throw fieldError('password', 'Password belum diatur. Gunakan Lupa Password untuk membuatnya.');
      }
      if (!(await verifyPassword(body.password, account.password_hash))) {
        throw credentialError('password', 'Password salah');
      }
      const { token } = ctx.sessions.createLogin(
        account.id,
        SSO_PANEL_APP_ID,
        appUrlFrom(body.url, ctx.config.panelUrl),
        clientOf(request),
      );
      return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
    });
  });

  app.post(paths.auth.requestOtp, async (request) => {
    const body = validate(requestOtpPayloadSchema, request.body);
    return ctx.throttle.run(sendLimits(ctx.config, request.ip), () => {
      const account = activeByPhone(ctx, body.phone);
      const sent = ctx.otp.send({ id: account.id, phone: account.phone }, 'login');
      return ok('Kode OTP berhasil dikirim', sent);
    });
  });

  app.post(paths.auth.loginPhone, async (request) => {
    const body = validate(loginPhonePayloadSchema, request.body, { badRequestFields: ['otp'] });
    if (body.otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
    const { otp } = body;
    return ctx.throttle.run(guessLimits(ctx.config, { phone: body.phone }, request.ip), () => {
      const account = activeByPhone(ctx, body.phone, true);
      ctx.otp.check(account.id, 'login', otp, 'consume');
      const { token } = ctx.sessions.createLogin(
        account.id,
        SSO_PANEL_APP_ID,
        ctx.config.panelUrl,
        clientOf(request),
      );
      return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
    });
  });
}
