import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUDIT_ACTION,
  SSO_PANEL_APP_ID,
  TWO_STEP_CONFIRM_WRONG,
  TWO_STEP_LAST_FACTOR,
  TWO_STEP_WRONG_CODE,
  accountPasskeyPayloadSchema,
  accountTotpConfirmPayloadSchema,
  passkeyOptionsPayloadSchema,
  passkeyVerifyPayloadSchema,
  stepUpPayloadSchema,
  twoStepCodeProblem,
  twoStepEnrolConfirmPayloadSchema,
  twoStepEnrolStartPayloadSchema,
  twoStepPaths,
  twoStepVerifyPayloadSchema,
  type TwoStepMethod,
} from '@sso/shared/contract';
import type { AppContext } from '../../context';
import { userBasics } from '../accounts';
import {
  CredentialError,
  HttpError,
  conflict,
  credentialError,
  fieldError,
  notFound,
} from '../../http/errors';
import { ok } from '../../http/reply';
import { idParam } from '../../http/route-params';
import { validate } from '../../http/validate';
import { authOf, bearerGuard } from '../guard';
import { verifyPassword } from '../password';
import type { Limit } from '../throttle';
import { matchingStep, newTotpSecret } from './factors';
import { PENDING_TTL_SECONDS, type PendingSignIn } from './pending-sign-in';
import { recordTwoStep } from './two-step-audit';

/** A pending enrolment of Keamanan Akun, sealed: the user, the secret and its deadline. */
const enrolmentSchema = z.object({ u: z.int(), s: z.string().regex(/^[A-Z2-7]+$/), e: z.number() });

const registrationSchema = z.object({ u: z.int(), c: z.string().min(1).max(200), e: z.number() });
const PASSKEY_REFUSED = 'Passkey tidak dikenali untuk akun ini';
/** The browser's WebAuthn JSON, typed for the library (which checks everything in it). */
const isCredentialJson = (value: unknown) =>
  typeof value === 'object' && value !== null && 'id' in value && 'response' in value;
const registrationJson = z.custom<RegistrationResponseJSON>(isCredentialJson, 'Data passkey tidak valid');
const authenticationJson = z.custom<AuthenticationResponseJSON>(isCredentialJson, 'Data passkey tidak valid');

/** Wrong second steps: per pending sign-in, then per account (only a password holder gets here). */
function secondStepLimits(ctx: AppContext, userId: number, challenge: string): Limit[] {
  return [
    {
      key: `two-step:challenge:${challenge}`,
      max: ctx.config.authMaxFailures,
      windowSeconds: PENDING_TTL_SECONDS,
      onSuccess: 'keep',
    },
    {
      key: `two-step:user:${userId}`,
      max: ctx.config.authMaxFailures * 2,
      windowSeconds: 900,
      onSuccess: 'reset',
    },
  ];
}

const stepUpLimits = (ctx: AppContext, userId: number): Limit[] => [
  {
    key: `two-step:step-up:${userId}`,
    max: ctx.config.authMaxFailures,
    windowSeconds: 900,
    onSuccess: 'reset',
  },
];

/** A code in the format of its method, else a 400 under `code` (nothing counted, nothing stored). */
function checkedCode(method: TwoStepMethod, code: string): string {
  const problem = twoStepCodeProblem(method, code);
  if (problem) throw fieldError('code', problem, 400);
  return code.replace(/\s/g, '');
}

const clientOf = (request: FastifyRequest, amr: string[]) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  amr,
});

/**
 * Two-step verification (issue 31, ADR 0021). Sign-in: the second step of a pending sign-in
 * (an authenticator code or a recovery code), or a forced enrolment when the role requires a factor.
 * Keamanan Akun: the signed-in user's own factors and recovery codes.
 */
export function registerTwoStepRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { factors, pending } = ctx.twoStep;

  /** The login of a pending sign-in whose second step passed. */
  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    challenge: string,
    signIn: PendingSignIn,
    amr: string[],
  ) => {
    await pending.end(challenge);
    const { token } = await ctx.sessions.createLogin(
      signIn.userId,
      SSO_PANEL_APP_ID,
      signIn.appUrl || ctx.config.panelUrl,
      clientOf(request, amr),
    );
    await ctx.knownAddresses.remember(signIn.userId, request.ip);
    await ctx.devices.remember(signIn.userId, request, reply);
    return { token, apps_id: SSO_PANEL_APP_ID };
  };

  /**
   * A second step's answer, throttled per pending sign-in and account; a refusal (wrong, throttled)
   * is recorded in Log Aktivitas before it is answered.
   */
  const secondStep = async <T>(
    request: FastifyRequest,
    userId: number,
    challenge: string,
    answer: () => T | Promise<T>,
  ): Promise<T> => {
    try {
      return await ctx.throttle.run(secondStepLimits(ctx, userId, challenge), answer);
    } catch (error) {
      if (error instanceof HttpError) {
        await recordTwoStep(ctx, request, {
          actorId: userId,
          action: AUDIT_ACTION.twoStepVerify,
          result: error.statusCode === 429 ? 'refused' : 'failed',
          status: error.statusCode,
          reason: error.body.message,
        });
      }
      throw error;
    }
  };

  app.post(twoStepPaths.verify, async (request, reply) => {
    const body = validate(twoStepVerifyPayloadSchema, request.body, { badRequestFields: ['code', 'method'] });
    const code = checkedCode(body.method, body.code);
    const signIn = await pending.read(body.challenge, 'two_step');
    return secondStep(request, signIn.userId, body.challenge, async () => {
      const used =
        body.method === 'totp'
          ? await factors.useTotp(signIn.userId, code)
          : await factors.useRecoveryCode(signIn.userId, code);
      if (!used) throw credentialError('code', TWO_STEP_WRONG_CODE);
      const second = body.method === 'totp' ? 'otp' : 'kba';
      const data = await finish(request, reply, body.challenge, signIn, [signIn.firstStep, second, 'mfa']);
      if (body.method === 'recovery') {
        await recordTwoStep(ctx, request, {
          actorId: signIn.userId,
          action: AUDIT_ACTION.twoStepRecoveryUse,
          result: 'done',
          status: 200,
          detail: `Sisa kode pemulihan: ${(await factors.status(signIn.userId)).recovery_codes_left}`,
        });
      }
      await recordTwoStep(ctx, request, {
        actorId: signIn.userId,
        action: AUDIT_ACTION.twoStepVerify,
        result: 'done',
        status: 200,
      });
      return ok('Login berhasil', data);
    });
  });

  // Passkeys as the second step: options bound to the pending sign-in, used once.
  app.post(twoStepPaths.passkeyOptions, async (request) => {
    const body = validate(passkeyOptionsPayloadSchema, request.body);
    const signIn = await pending.read(body.challenge, 'two_step');
    const options = await ctx.twoStep.passkeys.authenticationOptions(signIn.userId);
    if (!options) throw conflict('Akun ini belum memiliki passkey');
    await pending.offerSecret(body.challenge, `passkey:${options.challenge}`);
    return ok('Gunakan passkey Anda', { options });
  });

  app.post(twoStepPaths.passkeyVerify, async (request, reply) => {
    const body = validate(passkeyVerifyPayloadSchema, request.body);
    const signIn = await pending.read(body.challenge, 'two_step');
    const offered = signIn.pendingSecret?.startsWith('passkey:') ? signIn.pendingSecret.slice(8) : null;
    // Single use: the challenge is gone whatever the answer.
    await pending.offerSecret(body.challenge, null);
    const response = authenticationJson.safeParse(body.response).data;
    if (!response) throw fieldError('passkey', 'Data passkey tidak valid', 400);
    return secondStep(request, signIn.userId, body.challenge, async () => {
      const kind = offered ? await ctx.twoStep.passkeys.authenticate(signIn.userId, response, offered) : null;
      if (!kind) throw credentialError('passkey', PASSKEY_REFUSED);
      const data = await finish(request, reply, body.challenge, signIn, [signIn.firstStep, kind, 'mfa']);
      await recordTwoStep(ctx, request, {
        actorId: signIn.userId,
        action: AUDIT_ACTION.twoStepVerify,
        result: 'done',
        status: 200,
        detail: 'Passkey',
      });
      return ok('Login berhasil', data);
    });
  });

  app.post(twoStepPaths.enrolStart, async (request) => {
    const body = validate(twoStepEnrolStartPayloadSchema, request.body);
    const signIn = await pending.read(body.challenge, 'two_step_enrol');
    const nik = (await userBasics(ctx.store.db, signIn.userId))?.nik;
    const offer = newTotpSecret(nik ?? String(signIn.userId));
    await pending.offerSecret(body.challenge, factors.seal(offer.secret));
    return ok('Pindai kode QR dengan aplikasi autentikator', offer);
  });

  app.post(twoStepPaths.enrolConfirm, async (request, reply) => {
    const body = validate(twoStepEnrolConfirmPayloadSchema, request.body, { badRequestFields: ['code'] });
    const code = checkedCode('totp', body.code);
    const signIn = await pending.read(body.challenge, 'two_step_enrol');
    const secret = signIn.pendingSecret === null ? null : factors.open(signIn.pendingSecret);
    if (secret === null) throw fieldError('code', 'Mulai ulang penambahan aplikasi autentikator', 422);
    return ctx.throttle.run(secondStepLimits(ctx, signIn.userId, body.challenge), async () => {
      const step = matchingStep(secret, code, ctx.clock());
      if (step === null) throw credentialError('code', TWO_STEP_WRONG_CODE);
      await factors.addTotp(signIn.userId, 'Aplikasi autentikator', secret, step);
      const recovery = await factors.newRecoveryCodes(signIn.userId);
      await recordTwoStep(ctx, request, {
        actorId: signIn.userId,
        action: AUDIT_ACTION.twoStepEnrol,
        result: 'done',
        status: 200,
        detail: 'Aplikasi autentikator ditambahkan (wajib oleh role)',
      });
      const data = await finish(request, reply, body.challenge, signIn, [signIn.firstStep, 'otp', 'mfa']);
      return ok('Verifikasi dua langkah aktif', { ...data, recovery_codes: recovery });
    });
  });

  // Keamanan Akun: any signed-in user, whatever their menus (the login or an access token).
  app.register(async (account) => {
    account.addHook('onRequest', bearerGuard(ctx.sessions, ['login', 'access']));

    /** The current password or a code of a factor; a wrong one is counted like a password. */
    const stepUp = async (userId: number, body: unknown) => {
      const input = validate(stepUpPayloadSchema, body);
      await ctx.throttle.run(stepUpLimits(ctx, userId), async () => {
        if (input.password) {
          const hash = (await userBasics(ctx.store.db, userId))?.password_hash;
          if (hash && (await verifyPassword(input.password, hash))) return;
          throw new CredentialError(422, {
            message: TWO_STEP_CONFIRM_WRONG,
            errors: { password: TWO_STEP_CONFIRM_WRONG },
          });
        }
        const method = input.method ?? 'totp';
        const code = checkedCode(method, input.code ?? '');
        const used =
          method === 'totp'
            ? await factors.useTotp(userId, code)
            : await factors.useRecoveryCode(userId, code);
        if (!used) throw credentialError('code', TWO_STEP_WRONG_CODE);
      });
    };

    account.get(twoStepPaths.account, async (request) =>
      ok('Verifikasi dua langkah', await factors.status(authOf(request).userId)),
    );

    account.post(twoStepPaths.accountTotp, async (request) => {
      const userId = authOf(request).userId;
      const nik = (await userBasics(ctx.store.db, userId))?.nik;
      const offer = newTotpSecret(nik ?? String(userId));
      // The pending secret travels sealed (AES-GCM, with the user and a deadline): nothing is stored
      // until a code of it confirms it.
      const enrolment = factors.seal(
        JSON.stringify({ u: userId, s: offer.secret, e: ctx.clock() + PENDING_TTL_SECONDS * 1000 }),
      );
      return ok('Pindai kode QR dengan aplikasi autentikator', { ...offer, enrolment });
    });

    account.post(twoStepPaths.accountTotpConfirm, async (request) => {
      const userId = authOf(request).userId;
      const body = validate(accountTotpConfirmPayloadSchema, request.body, { badRequestFields: ['code'] });
      const code = checkedCode('totp', body.code);
      const opened = factors.open(body.enrolment);
      const offer = opened ? enrolmentSchema.safeParse(JSON.parse(opened)).data : undefined;
      if (!offer || offer.u !== userId || offer.e <= ctx.clock()) {
        throw fieldError('code', 'Mulai ulang penambahan aplikasi autentikator', 422);
      }
      return ctx.throttle.run(stepUpLimits(ctx, userId), async () => {
        const step = matchingStep(offer.s, code, ctx.clock());
        if (step === null) throw credentialError('code', TWO_STEP_WRONG_CODE);
        const first = !(await factors.has(userId));
        await factors.addTotp(userId, body.label, offer.s, step);
        const recovery = first ? await factors.newRecoveryCodes(userId) : null;
        await recordTwoStep(ctx, request, {
          actorId: userId,
          action: AUDIT_ACTION.twoStepEnrol,
          result: 'done',
          status: 200,
          detail: `Aplikasi autentikator "${body.label}" ditambahkan`,
        });
        return ok('Aplikasi autentikator ditambahkan', {
          status: await factors.status(userId),
          recovery_codes: recovery,
        });
      });
    });

    account.post(twoStepPaths.accountPasskeyOptions, async (request) => {
      const userId = authOf(request).userId;
      const user = await userBasics(ctx.store.db, userId);
      const options = await ctx.twoStep.passkeys.registrationOptions({
        id: userId,
        nik: user?.nik ?? String(userId),
        name: user?.nama ?? '',
      });
      // The challenge travels sealed with the user and a deadline (as an authenticator's secret).
      const registration = factors.seal(
        JSON.stringify({ u: userId, c: options.challenge, e: ctx.clock() + PENDING_TTL_SECONDS * 1000 }),
      );
      return ok('Gunakan perangkat Anda untuk membuat passkey', { options, registration });
    });

    account.post(twoStepPaths.accountPasskey, async (request) => {
      const userId = authOf(request).userId;
      const body = validate(accountPasskeyPayloadSchema, request.body);
      const opened = factors.open(body.registration);
      const offer = opened ? registrationSchema.safeParse(JSON.parse(opened)).data : undefined;
      if (!offer || offer.u !== userId || offer.e <= ctx.clock()) {
        throw fieldError('passkey', 'Mulai ulang penambahan passkey', 422);
      }
      const first = !(await factors.has(userId));
      const response = registrationJson.safeParse(body.response).data;
      if (!response) throw fieldError('passkey', 'Data passkey tidak valid', 400);
      const id = await ctx.twoStep.passkeys.register(userId, body.label, response, offer.c);
      if (id === null) throw fieldError('passkey', 'Passkey tidak dapat diverifikasi. Coba lagi.', 422);
      const recovery = first ? await factors.newRecoveryCodes(userId) : null;
      await recordTwoStep(ctx, request, {
        actorId: userId,
        action: AUDIT_ACTION.twoStepEnrol,
        result: 'done',
        status: 200,
        detail: `Passkey "${body.label}" ditambahkan`,
      });
      return ok('Passkey ditambahkan', { status: await factors.status(userId), recovery_codes: recovery });
    });

    account.delete(twoStepPaths.accountFactor(':id'), async (request) => {
      const userId = authOf(request).userId;
      const id = idParam(request.params, 'Metode verifikasi tidak ditemukan');
      const status = await factors.status(userId);
      const factor = status.factors.find((f) => f.id === id);
      if (!factor) throw notFound('Metode verifikasi tidak ditemukan');
      if (status.required && status.factors.length === 1) throw conflict(TWO_STEP_LAST_FACTOR);
      await stepUp(userId, request.body);
      await factors.remove(userId, id);
      await recordTwoStep(ctx, request, {
        actorId: userId,
        action: AUDIT_ACTION.twoStepRemove,
        result: 'done',
        status: 200,
        detail: `${factor.kind === 'passkey' ? 'Passkey' : 'Aplikasi autentikator'} "${factor.label}" dihapus`,
      });
      return ok('Metode verifikasi dihapus', await factors.status(userId));
    });

    account.post(twoStepPaths.accountRecoveryCodes, async (request) => {
      const userId = authOf(request).userId;
      if (!(await factors.has(userId))) throw conflict('Tambahkan aplikasi autentikator terlebih dahulu');
      await stepUp(userId, request.body);
      const codes = await factors.newRecoveryCodes(userId);
      await recordTwoStep(ctx, request, {
        actorId: userId,
        action: AUDIT_ACTION.twoStepRecoveryNew,
        result: 'done',
        status: 200,
      });
      return ok('Kode pemulihan baru dibuat', { recovery_codes: codes });
    });
  });
}
