import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INACTIVE_ACCOUNT_MESSAGE,
  forgotPasswordPayloadSchema,
  paths,
  resetPasswordPayloadSchema,
  verifyResetOtpPayloadSchema,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { credentialError, fieldError } from '../http/errors';
import { isoAt, ok } from '../http/reply';
import { validate } from '../http/validate';
import { findAccountByNik, setPasswordHash, type Account } from './accounts';
import { OTP_EMPTY_MESSAGE } from './login-routes';
import { maskPhone } from './mask-phone';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { hashPassword } from './password';
import { signInTry } from './sign-in-try';
import { lookupLimits, sendLimits } from './throttle';

/**
 * The active account of a NIK. Its absence (or inactivity) is what a look-up reveals, so the throttle
 * counts it: against the address at a look-up or send, as a guess at a code check.
 */
function activeAccount(account: Account | undefined): Account {
  if (!account) throw credentialError('nik', 'NIK tidak terdaftar');
  if (account.is_active !== 1) throw credentialError('nik', INACTIVE_ACCOUNT_MESSAGE);
  return account;
}
const accountByNik = (ctx: AppContext, nik: string) => activeAccount(findAccountByNik(ctx.db, nik));

/**
 * Spec 4 "Forgot password": NIK → masked phone → code → verified code → new password. Look-ups and
 * sends count per address, unknown NIKs included; wrong codes count against the NIK (the same count
 * as its wrong passwords, an address that signed in to the account before on its own) and the address.
 */
export function registerForgotPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(paths.forgotPassword.start, async (request) => {
    const body = validate(forgotPasswordPayloadSchema, request.body);
    return ctx.throttle.run(lookupLimits(ctx.config, request.ip), () => {
      const account = accountByNik(ctx, body.nik);
      return ok('NIK ditemukan', { masked_phone: maskPhone(account.phone) });
    });
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
    const found = findAccountByNik(ctx.db, body.nik);
    const attempt = () => {
      const account = activeAccount(found);
      ctx.otp.check(account.id, 'reset', otp, 'verify');
      return ok('Kode OTP valid', { nik: account.nik, verified: true });
    };
    return signInTry(ctx, request.ip, { nik: body.nik }, found, attempt, false);
  });

  app.post(paths.forgotPassword.reset, async (request) => {
    const body = validate(resetPasswordPayloadSchema, request.body, { badRequestFields: ['otp'] });
    if (body.otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
    const { otp } = body;
    const found = findAccountByNik(ctx.db, body.nik);
    const attempt = async () => {
      const account = activeAccount(found);
      // A refused password leaves the code as it was: the user picks another and sends it again.
      ctx.otp.check(account.id, 'reset', otp, 'check-verified');
      if (isCommonPassword(body.new_password)) throw fieldError('new_password', COMMON_PASSWORD_MESSAGE);
      const hash = await hashPassword(body.new_password, ctx.config.passwordCost);
      ctx.otp.check(account.id, 'reset', otp, 'consume-verified');
      setPasswordHash(ctx.db, account.id, hash, isoAt(ctx.clock()));
      // A new password ends every open session of the account.
      ctx.sessions.revokeUser(account.id, 'password_reset');
      return ok('Password berhasil diubah', null);
    };
    return signInTry(ctx, request.ip, { nik: body.nik }, found, attempt, false);
  });
}
