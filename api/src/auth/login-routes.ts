import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  INACTIVE_ACCOUNT_MESSAGE,
  SSO_PANEL_APP_ID,
  loginNikPayloadSchema,
  loginPhonePayloadSchema,
  loginSecondProofPayloadSchema,
  paths,
  requestOtpPayloadSchema,
  TWO_STEP_REQUIRED_MESSAGE,
  type TwoStepData,
} from '@sso/shared/contract';
import { credentialError, fieldError } from '../http/errors';
import { ok } from '../http/reply';
import { publicAccess, route, routeTable, signInStep } from '../http/route';
import { SIGN_IN_STEP } from '../audit/sign-in-steps';
import { findAccountByNik, findAccountByPhone, upgradePasswordHash, type Account } from './accounts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password';
import { signInTry } from './sign-in-try';
import { SECOND_PROOF_MESSAGE } from './second-proof';
import { secondProofLimits, sendLimits } from './throttle';

export const OTP_EMPTY_MESSAGE = 'Kode OTP tidak boleh kosong';
/** A typed code: an empty one is a 400 under `otp` (before anything is counted). */
export function typedOtp(otp: string): string {
  if (otp === '') throw fieldError('otp', OTP_EMPTY_MESSAGE, 400);
  return otp;
}
/** One answer for an unknown NIK, a NIK without a password and a wrong password (issue 36). */
export const WRONG_CREDENTIALS_MESSAGE = 'NIK atau password salah';

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
  if (account.is_active !== 1) throw credentialError('phone', INACTIVE_ACCOUNT_MESSAGE);
  return account;
}

/** A first step passed, the second is pending: 202 and the challenge to answer (ADR 0021). */
function held(reply: FastifyReply, data: TwoStepData) {
  reply.code(202);
  return ok(TWO_STEP_REQUIRED_MESSAGE, data);
}

/** Where a sign-in comes from, for the user's session list. */
const clientOf = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * Spec 4 "Login chain", first step: NIK + password, or phone + OTP → `{ token, apps_id }`.
 * Guesses are throttled per NIK or phone and per address, an address that signed in to the
 * account before on its own count (sign-in-try.ts); code sends per address, unknown phones too.
 */
export const loginRoutes = routeTable([
  route({
    method: 'POST',
    path: paths.auth.loginNik,
    access: publicAccess,
    body: loginNikPayloadSchema,
    audit: signInStep(SIGN_IN_STEP.loginNik),
    handler: async ({ body, request, reply }, ctx) => {
      const cost = ctx.config.passwordCost;
      const account = await findAccountByNik(ctx.store.db, body.nik);
      const attempt = async () => {
        // An unknown NIK, a NIK without a password and a wrong password answer alike, under the
        // password field, after the same scrypt (issue 36): nothing tells which NIKs exist.
        if (!account || account.password_hash === null) {
          await verifyAgainstDummy(body.password, cost);
          throw credentialError('password', WRONG_CREDENTIALS_MESSAGE);
        }
        if (!(await verifyPassword(body.password, account.password_hash))) {
          throw credentialError('password', WRONG_CREDENTIALS_MESSAGE);
        }
        // Only the right password learns that the account is deactivated.
        if (account.is_active !== 1) throw fieldError('nik', INACTIVE_ACCOUNT_MESSAGE);
        if (needsRehash(account.password_hash, cost)) {
          await upgradePasswordHash(ctx.store.db, account.id, await hashPassword(body.password, cost));
        }
        const appUrl = appUrlFrom(body.url, ctx.config.panelUrl);
        // A second factor (or a required one not added yet): no login until it is given (ADR 0021).
        const twoStep = await ctx.twoStep.gate(account.id, 'pwd', appUrl);
        if (twoStep) return held(reply, twoStep);
        const { token } = await ctx.sessions.createLogin(
          account.id,
          SSO_PANEL_APP_ID,
          appUrl,
          clientOf(request),
        );
        return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
      };
      // An unknown browser whose budget is used up: the same scrypt, then a challenge for a code to
      // the registered phone, whether the password was right or not (second-proof.ts).
      const secondProof = async () => {
        let passwordOk = false;
        if (!account || account.password_hash === null) await verifyAgainstDummy(body.password, cost);
        else passwordOk = await verifyPassword(body.password, account.password_hash);
        reply.code(202);
        return ok(SECOND_PROOF_MESSAGE, {
          second_proof: await ctx.secondProof.open(body.nik, account, passwordOk),
        });
      };
      return signInTry<unknown>(ctx, request, reply, { nik: body.nik }, account, attempt, {
        remember: true,
        secondProof,
      });
    },
  }),
  route({
    method: 'POST',
    path: paths.auth.loginSecondProof,
    access: publicAccess,
    body: loginSecondProofPayloadSchema,
    badRequestFields: ['otp'],
    audit: signInStep(SIGN_IN_STEP.loginSecondProof),
    handler: async ({ body, request, reply }, ctx) => {
      const { challenge } = body;
      const otp = typedOtp(body.otp);
      // Codes tried per address; each code dies after its own 5 wrong tries, and a new one needs the
      // right password again (and waits the phone's minute).
      const userId = await ctx.throttle.run(secondProofLimits(ctx.config, request.ip, 'refund'), () =>
        ctx.secondProof.verify(challenge, otp),
      );
      const twoStep = await ctx.twoStep.gate(userId, 'pwd', ctx.config.panelUrl);
      if (twoStep) {
        await ctx.knownAddresses.remember(userId, request.ip);
        await ctx.devices.remember(userId, request, reply);
        return held(reply, twoStep);
      }
      const { token } = await ctx.sessions.createLogin(
        userId,
        SSO_PANEL_APP_ID,
        ctx.config.panelUrl,
        clientOf(request),
      );
      await ctx.knownAddresses.remember(userId, request.ip);
      await ctx.devices.remember(userId, request, reply);
      return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
    },
  }),
  route({
    method: 'POST',
    path: paths.auth.requestOtp,
    access: publicAccess,
    body: requestOtpPayloadSchema,
    audit: signInStep(SIGN_IN_STEP.otpSend),
    handler: async ({ body, request }, ctx) =>
      ctx.throttle.run(sendLimits(ctx.config, request.ip), async () => {
        const account = activeByPhone(await findAccountByPhone(ctx.store.db, body.phone));
        const sent = await ctx.otp.send({ id: account.id, phone: account.phone }, 'login');
        return ok('Kode OTP berhasil dikirim', sent);
      }),
  }),
  route({
    method: 'POST',
    path: paths.auth.loginPhone,
    access: publicAccess,
    body: loginPhonePayloadSchema,
    badRequestFields: ['otp'],
    audit: signInStep(SIGN_IN_STEP.loginPhone),
    handler: async ({ body, request, reply }, ctx) => {
      const otp = typedOtp(body.otp);
      const found = await findAccountByPhone(ctx.store.db, body.phone);
      const attempt = async () => {
        if (!found) throw credentialError('phone', 'Nomor HP tidak terdaftar');
        if (found.is_active !== 1) throw fieldError('phone', INACTIVE_ACCOUNT_MESSAGE);
        await ctx.otp.check(found.id, 'login', otp, 'consume');
        const twoStep = await ctx.twoStep.gate(found.id, 'sms', ctx.config.panelUrl);
        if (twoStep) return held(reply, twoStep);
        // A code sent by SMS: one factor (amr `sms`, ADR 0021).
        const { token } = await ctx.sessions.createLogin(found.id, SSO_PANEL_APP_ID, ctx.config.panelUrl, {
          ...clientOf(request),
          amr: ['sms'],
        });
        return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
      };
      return signInTry(ctx, request, reply, { phone: body.phone }, found, attempt, { remember: true });
    },
  }),
]);
