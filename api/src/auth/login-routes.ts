import type { FastifyInstance } from 'fastify';
import {
  SSO_PANEL_APP_ID,
  loginNikPayloadSchema,
  loginPhonePayloadSchema,
  paths,
  requestOtpPayloadSchema,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { fieldError } from '../http/errors';
import { ok } from '../http/reply';
import { validate } from '../http/validate';
import { findAccountByNik, findAccountByPhone, type Account } from './accounts';
import { verifyPassword } from './password';

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

function activeByPhone(ctx: AppContext, phone: string): Account {
  const account = findAccountByPhone(ctx.db, phone);
  if (!account) throw fieldError('phone', 'Nomor HP tidak terdaftar');
  if (account.is_active !== 1) throw fieldError('phone', 'Akun tidak aktif');
  return account;
}

/** Spec 4 "Login chain", first step: NIK + password, or phone + OTP → `{ token, apps_id }`. */
export function registerLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(paths.auth.loginNik, async (request) => {
    const body = validate(loginNikPayloadSchema, request.body);
    const account = findAccountByNik(ctx.db, body.nik);
    if (!account) throw fieldError('nik', 'NIK tidak terdaftar');
    if (account.is_active !== 1) throw fieldError('nik', 'Akun tidak aktif');
    if (account.password_hash === null) {
      throw fieldError('password', 'Password belum diatur. Gunakan Lupa Password untuk membuatnya.');
    }
    if (!(await verifyPassword(body.password, account.password_hash))) {
      throw fieldError('password', 'Password salah');
    }
    const { token } = ctx.sessions.createLogin(
      account.id,
      SSO_PANEL_APP_ID,
      appUrlFrom(body.url, ctx.config.panelUrl),
    );
    return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
  });

  app.post(paths.auth.requestOtp, async (request) => {
    const body = validate(requestOtpPayloadSchema, request.body);
    const account = activeByPhone(ctx, body.phone);
    const sent = ctx.otp.send({ id: account.id, phone: account.phone }, 'login');
    return ok('Kode OTP berhasil dikirim', sent);
  });

  app.post(paths.auth.loginPhone, async (request) => {
    const body = validate(loginPhonePayloadSchema, request.body, { badRequestFields: ['otp'] });
    if (body.otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
    const account = activeByPhone(ctx, body.phone);
    ctx.otp.check(account.id, 'login', body.otp, 'consume');
    const { token } = ctx.sessions.createLogin(account.id, SSO_PANEL_APP_ID, ctx.config.panelUrl);
    return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
  });
}
