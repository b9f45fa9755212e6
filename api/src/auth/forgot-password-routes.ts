import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INACTIVE_ACCOUNT_MESSAGE,
  forgotPasswordPayloadSchema,
  paths,
  resetPasswordPayloadSchema,
  verifyResetOtpPayloadSchema,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { fieldError } from '../http/errors';
import { isoAt, ok } from '../http/reply';
import { validate } from '../http/validate';
import { findAccountByNik, setPasswordHash, type Account } from './accounts';
import { OTP_EMPTY_MESSAGE } from './login-routes';
import { maskPhone } from './mask-phone';
import { hashPassword } from './password';
import { guessLimits, sendLimits } from './throttle';

function accountByNik(ctx: AppContext, nik: string): Account {
  const account = findAccountByNik(ctx.db, nik);
  if (!account) throw fieldError('nik', 'NIK tidak terdaftar');
  if (account.is_active !== 1) throw fieldError('nik', INACTIVE_ACCOUNT_MESSAGE);
  return account;
}

/**
 * Spec 4 "Forgot password": NIK → masked phone → code → verified code → new password. Wrong codes
 * count against the NIK (the same count as its wrong passwords) and the address; sends per address.
 */
export function registerForgotPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(paths.forgotPassword.start, async (request) => {
    const body = validate(forgotPasswordPayloadSchema, request.body);
    const account = accountByNik(ctx, body.nik);
    return ok('NIK ditemukan', { masked_phone: maskPhone(account.phone) });
  });

  const sendCode = async (request: FastifyRequest) => {
    const { nik } = validate(forgotPasswordPayloadSchema, request.body);
    return ctx.throttle.run(sendLimits(ctx.config, request.ip), () => {
      const account = accountByNik(ctx, nik);
      return ok('Kode OTP berhasil dikirim', ctx.otp.send({ id: account.id, phone: account.phone }, 'reset'));
    });
  };
  app.post(paths.forgotPassword.requestOtp, sendCode);
  app.post(paths.forgotPassword.resendOtp, sendCode);

  app.post(paths.forgotPassword.verifyOtp, async (request) => {
    const body = validate(verifyResetOtpPayloadSchema, request.body, { badRequestFields: ['otp'] });
    if (body.otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
    const { otp } = body;
    return ctx.throttle.run(guessLimits(ctx.config, { nik: body.nik }, request.ip), () => {
      const account = accountByNik(ctx, body.nik);
      ctx.otp.check(account.id, 'reset', otp, 'verify');
      return ok('Kode OTP valid', { nik: account.nik, verified: true });
    });
  });

  app.post(paths.forgotPassword.reset, async (request) => {
    const body = validate(resetPasswordPayloadSchema, request.body, { badRequestFields: ['otp'] });
    if (body.otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
    const { otp } = body;
    return ctx.throttle.run(guessLimits(ctx.config, { nik: body.nik }, request.ip), async () => {
      const account = accountByNik(ctx, body.nik);
      ctx.otp.check(account.id, 'reset', otp, 'consume-verified');
      const hash = await hashPassword(body.new_password);
      setPasswordHash(ctx.db, account.id, hash, isoAt(ctx.clock()));
      // A new password ends every open session of the account.
      ctx.sessions.revokeUser(account.id);
      return ok('Password berhasil diubah', null);
    });
  });
}
