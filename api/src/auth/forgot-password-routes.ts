import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  forgotPasswordPayloadSchema,
  paths,
  resetPasswordPayloadSchema,
  verifyResetOtpPayloadSchema,
  maskPhone,
} from '@sso/shared/contract';
import type { AppContext } from '../context';
import { fieldError } from '../http/errors';
import { isoAt, ok } from '../http/reply';
import { publicAccess, route, routeTable, signInStep } from '../http/route';
import { SIGN_IN_STEP } from '../audit/sign-in-steps';
import { findAccountByNik, setPasswordHash, userBasics, type Account } from './accounts';
import { typedOtp } from './login-routes';
import { hashPassword } from './password';
import { passwordWeakness, type PasswordOwner } from './password-strength';
import { signInTry } from './sign-in-try';
import { identifierKey, lookupLimits, sendLimits } from './throttle';

/** An active account of the NIK, or undefined: recovery answers the two cases alike (issue 36). */
function activeAccount(account: Account | undefined): Account | undefined {
  return account?.is_active === 1 ? account : undefined;
}

/** What the user is known by, for the strength check of a new password. */
const ownerOf = async (ctx: AppContext, userId: number): Promise<PasswordOwner> => {
  const user = await userBasics(ctx.store.db, userId);
  return user
    ? { nik: user.nik, name: user.nama, phone: user.phone, email: user.email }
    : { nik: '', name: '', phone: '', email: null };
};

// A NIK without an account (or a deactivated one) gets the answers a known NIK gets: a masked
// phone fixed per NIK, "code sent" with the same expiry and resend gap, wrong-code refusals; no
// code is sent and none can match. Every answer is counted alike (issue 36).
const decoyKey = (nik: string) => identifierKey({ nik });
const maskedPhoneOf = (ctx: AppContext, nik: string, account: Account | undefined) =>
  account ? maskPhone(account.phone) : ctx.otp.decoyMaskedPhone(decoyKey(nik));

/**
 * A step answering a reset code (verify, reset): an empty code is a 400; wrong codes count against
 * the NIK and the address (sign-in-try.ts); a NIK without an active account checks a decoy.
 */
async function codeStep<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { nik: string; otp: string },
  withAccount: (account: Account, otp: string) => Promise<T>,
) {
  const otp = typedOtp(body.otp);
  const found = await findAccountByNik(ctx.store.db, body.nik);
  const attempt = async () => {
    const account = activeAccount(found);
    if (!account) return await ctx.otp.checkDecoy(decoyKey(body.nik), 'reset', otp);
    return withAccount(account, otp);
  };
  return signInTry<unknown>(ctx, request, reply, { nik: body.nik }, found, attempt, { remember: false });
}

/** A code sent for a reset (first send and resend alike). */
const sendCode = route({
  method: 'POST',
  path: paths.forgotPassword.requestOtp,
  access: publicAccess,
  body: forgotPasswordPayloadSchema,
  audit: signInStep(SIGN_IN_STEP.resetOtpSend),
  handler: async ({ body: { nik }, request }, ctx) =>
    ctx.throttle.run(sendLimits(ctx.config, request.ip), async () => {
      const found = await findAccountByNik(ctx.store.db, nik);
      const account = activeAccount(found);
      const sent = account
        ? await ctx.otp.send({ id: account.id, phone: account.phone }, 'reset')
        : {
            ...(await ctx.otp.sendDecoy(decoyKey(nik), 'reset')),
            masked_phone: maskedPhoneOf(ctx, nik, found),
          };
      return ok('Kode OTP berhasil dikirim', sent);
    }),
});

/**
 * Spec 4 "Forgot password": NIK → masked phone → code → verified code → new password. Look-ups and
 * sends count per address, unknown NIKs included (answered alike, with decoys); wrong codes count against the NIK (the same count
 * as its wrong passwords, an address that signed in to the account before on its own) and the address.
 */
export const forgotPasswordRoutes = routeTable([
  route({
    method: 'POST',
    path: paths.forgotPassword.start,
    access: publicAccess,
    body: forgotPasswordPayloadSchema,
    audit: signInStep(SIGN_IN_STEP.resetStart),
    handler: async ({ body, request }, ctx) =>
      ctx.throttle.run(lookupLimits(ctx.config, request.ip), async () => {
        const account = await findAccountByNik(ctx.store.db, body.nik);
        return ok('NIK ditemukan', { masked_phone: maskedPhoneOf(ctx, body.nik, account) });
      }),
  }),
  sendCode,
  { ...sendCode, path: paths.forgotPassword.resendOtp },

  route({
    method: 'POST',
    path: paths.forgotPassword.verifyOtp,
    access: publicAccess,
    body: verifyResetOtpPayloadSchema,
    badRequestFields: ['otp'],
    audit: signInStep(SIGN_IN_STEP.resetOtpVerify),
    handler: async ({ body, request, reply }, ctx) =>
      codeStep(ctx, request, reply, body, async (account, otp) => {
        await ctx.otp.check(account.id, 'reset', otp, 'verify');
        return ok('Kode OTP valid', { nik: account.nik, verified: true });
      }),
  }),
  route({
    method: 'POST',
    path: paths.forgotPassword.reset,
    access: publicAccess,
    body: resetPasswordPayloadSchema,
    badRequestFields: ['otp'],
    audit: signInStep(SIGN_IN_STEP.resetComplete),
    handler: async ({ body, request, reply }, ctx) =>
      codeStep(ctx, request, reply, body, async (account, otp) => {
        // A refused password leaves the code as it was: the user picks another and sends it again.
        await ctx.otp.check(account.id, 'reset', otp, 'check-verified');
        const weakness = passwordWeakness(body.new_password, await ownerOf(ctx, account.id));
        if (weakness) throw fieldError('new_password', weakness);
        const hash = await hashPassword(body.new_password, ctx.config.passwordCost);
        await ctx.otp.check(account.id, 'reset', otp, 'consume-verified');
        await setPasswordHash(ctx.store.db, account.id, hash, isoAt(ctx.clock()));
        // A new password ends every open session of the account.
        await ctx.sessions.revokeUser(account.id, 'password_reset');
        return ok('Password berhasil diubah', null);
      }),
  }),
]);
