import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { publicAccess, route, routeTable, session } from '../../http/route';
import { idParams } from '../../http/route-params';
import { validate } from '../../http/validate';
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

/** A factor added in Keamanan Akun: recorded, with new recovery codes when it is the first. */
async function added(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  first: boolean,
  answer: { message: string; detail: string },
) {
  const { factors } = ctx.twoStep;
  const recovery = first ? await factors.newRecoveryCodes(userId) : null;
  await recordTwoStep(ctx, request, {
    actorId: userId,
    action: AUDIT_ACTION.twoStepEnrol,
    result: 'done',
    status: 200,
    detail: answer.detail,
  });
  return ok(answer.message, { status: await factors.status(userId), recovery_codes: recovery });
}

/** The login of a pending sign-in whose second step passed. */
async function finish(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  challenge: string,
  signIn: PendingSignIn,
  amr: string[],
) {
  await ctx.twoStep.pending.end(challenge);
  const { token } = await ctx.sessions.createLogin(
    signIn.userId,
    SSO_PANEL_APP_ID,
    signIn.appUrl || ctx.config.panelUrl,
    clientOf(request, amr),
  );
  await ctx.knownAddresses.remember(signIn.userId, request.ip);
  await ctx.devices.remember(signIn.userId, request, reply);
  return { token, apps_id: SSO_PANEL_APP_ID };
}

/**
 * A second step's answer, throttled per pending sign-in and account; a refusal (wrong, throttled)
 * is recorded in Log Aktivitas before it is answered.
 */
async function secondStep<T>(
  ctx: AppContext,
  request: FastifyRequest,
  userId: number,
  challenge: string,
  answer: () => T | Promise<T>,
): Promise<T> {
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
}

/**
 * The current password or a code of a factor; a wrong one is counted like a password. Read after
 * the route's own checks (an unknown factor is its 404 whatever the body says).
 */
async function stepUp(ctx: AppContext, userId: number, body: unknown): Promise<void> {
  const { factors } = ctx.twoStep;
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
      method === 'totp' ? await factors.useTotp(userId, code) : await factors.useRecoveryCode(userId, code);
    if (!used) throw credentialError('code', TWO_STEP_WRONG_CODE);
  });
}

/** A sealed offer of Keamanan Akun (an authenticator's secret, a passkey's challenge) of `userId`, still valid. */
function openOffer<T extends { u: number; e: number }>(
  ctx: AppContext,
  schema: z.ZodType<T>,
  sealed: string,
  userId: number,
  refusal: { field: string; message: string },
): T {
  const opened = ctx.twoStep.factors.open(sealed);
  const offer = opened ? schema.safeParse(JSON.parse(opened)).data : undefined;
  if (!offer || offer.u !== userId || offer.e <= ctx.clock()) {
    throw fieldError(refusal.field, refusal.message, 422);
  }
  return offer;
}

/** Seals what an offer of Keamanan Akun carries, with its user and deadline. */
const sealOffer = (ctx: AppContext, userId: number, carried: Record<string, string>) =>
  ctx.twoStep.factors.seal(
    JSON.stringify({ u: userId, ...carried, e: ctx.clock() + PENDING_TTL_SECONDS * 1000 }),
  );

// Keamanan Akun: any signed-in user, whatever their menus (the login or an access token).
const signedIn = session('login', 'access');
const FACTOR_NOT_FOUND = 'Metode verifikasi tidak ditemukan';

/**
 * Two-step verification (issue 31, ADR 0021). Sign-in: the second step of a pending sign-in
 * (an authenticator code or a recovery code), or a forced enrolment when the role requires a factor.
 * Keamanan Akun: the signed-in user's own factors and recovery codes.
 */
export const twoStepRoutes = routeTable([
  route({
    method: 'POST',
    path: twoStepPaths.verify,
    access: publicAccess,
    body: twoStepVerifyPayloadSchema,
    badRequestFields: ['code', 'method'],
    handler: async ({ body, request, reply }, ctx) => {
      const { factors, pending } = ctx.twoStep;
      const code = checkedCode(body.method, body.code);
      const signIn = await pending.read(body.challenge, 'two_step');
      return secondStep(ctx, request, signIn.userId, body.challenge, async () => {
        const used =
          body.method === 'totp'
            ? await factors.useTotp(signIn.userId, code)
            : await factors.useRecoveryCode(signIn.userId, code);
        if (!used) throw credentialError('code', TWO_STEP_WRONG_CODE);
        const second = body.method === 'totp' ? 'otp' : 'kba';
        const amr = [signIn.firstStep, second, 'mfa'];
        const data = await finish(ctx, request, reply, body.challenge, signIn, amr);
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
    },
  }),
  // Passkeys as the second step: options bound to the pending sign-in, used once.
  route({
    method: 'POST',
    path: twoStepPaths.passkeyOptions,
    access: publicAccess,
    body: passkeyOptionsPayloadSchema,
    handler: async ({ body }, ctx) => {
      const { pending } = ctx.twoStep;
      const signIn = await pending.read(body.challenge, 'two_step');
      const options = await ctx.twoStep.passkeys.authenticationOptions(signIn.userId);
      if (!options) throw conflict('Akun ini belum memiliki passkey');
      await pending.offerSecret(body.challenge, `passkey:${options.challenge}`);
      return ok('Gunakan passkey Anda', { options });
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.passkeyVerify,
    access: publicAccess,
    body: passkeyVerifyPayloadSchema,
    handler: async ({ body, request, reply }, ctx) => {
      const { pending } = ctx.twoStep;
      const signIn = await pending.read(body.challenge, 'two_step');
      const offered = signIn.pendingSecret?.startsWith('passkey:') ? signIn.pendingSecret.slice(8) : null;
      // Single use: the challenge is gone whatever the answer.
      await pending.offerSecret(body.challenge, null);
      const response = authenticationJson.safeParse(body.response).data;
      if (!response) throw fieldError('passkey', 'Data passkey tidak valid', 400);
      return secondStep(ctx, request, signIn.userId, body.challenge, async () => {
        const kind = offered
          ? await ctx.twoStep.passkeys.authenticate(signIn.userId, response, offered)
          : null;
        if (!kind) throw credentialError('passkey', PASSKEY_REFUSED);
        const amr = [signIn.firstStep, kind, 'mfa'];
        const data = await finish(ctx, request, reply, body.challenge, signIn, amr);
        await recordTwoStep(ctx, request, {
          actorId: signIn.userId,
          action: AUDIT_ACTION.twoStepVerify,
          result: 'done',
          status: 200,
          detail: 'Passkey',
        });
        return ok('Login berhasil', data);
      });
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.enrolStart,
    access: publicAccess,
    body: twoStepEnrolStartPayloadSchema,
    handler: async ({ body }, ctx) => {
      const { factors, pending } = ctx.twoStep;
      const signIn = await pending.read(body.challenge, 'two_step_enrol');
      const nik = (await userBasics(ctx.store.db, signIn.userId))?.nik;
      const offer = newTotpSecret(nik ?? String(signIn.userId));
      await pending.offerSecret(body.challenge, factors.seal(offer.secret));
      return ok('Pindai kode QR dengan aplikasi autentikator', offer);
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.enrolConfirm,
    access: publicAccess,
    body: twoStepEnrolConfirmPayloadSchema,
    badRequestFields: ['code'],
    handler: async ({ body, request, reply }, ctx) => {
      const { factors, pending } = ctx.twoStep;
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
        const amr = [signIn.firstStep, 'otp', 'mfa'];
        const data = await finish(ctx, request, reply, body.challenge, signIn, amr);
        return ok('Verifikasi dua langkah aktif', { ...data, recovery_codes: recovery });
      });
    },
  }),
  route({
    method: 'GET',
    path: twoStepPaths.account,
    access: signedIn,
    handler: async ({ auth }, ctx) =>
      ok('Verifikasi dua langkah', await ctx.twoStep.factors.status(auth.userId)),
  }),
  route({
    method: 'POST',
    path: twoStepPaths.accountTotp,
    access: signedIn,
    handler: async ({ auth: { userId } }, ctx) => {
      const nik = (await userBasics(ctx.store.db, userId))?.nik;
      const offer = newTotpSecret(nik ?? String(userId));
      // The pending secret travels sealed (AES-GCM, with the user and a deadline): nothing is stored
      // until a code of it confirms it.
      const enrolment = sealOffer(ctx, userId, { s: offer.secret });
      return ok('Pindai kode QR dengan aplikasi autentikator', { ...offer, enrolment });
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.accountTotpConfirm,
    access: signedIn,
    body: accountTotpConfirmPayloadSchema,
    badRequestFields: ['code'],
    handler: async ({ body, request, auth: { userId } }, ctx) => {
      const { factors } = ctx.twoStep;
      const code = checkedCode('totp', body.code);
      const offer = openOffer(ctx, enrolmentSchema, body.enrolment, userId, {
        field: 'code',
        message: 'Mulai ulang penambahan aplikasi autentikator',
      });
      return ctx.throttle.run(stepUpLimits(ctx, userId), async () => {
        const step = matchingStep(offer.s, code, ctx.clock());
        if (step === null) throw credentialError('code', TWO_STEP_WRONG_CODE);
        const first = !(await factors.has(userId));
        await factors.addTotp(userId, body.label, offer.s, step);
        return added(ctx, request, userId, first, {
          message: 'Aplikasi autentikator ditambahkan',
          detail: `Aplikasi autentikator "${body.label}" ditambahkan`,
        });
      });
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.accountPasskeyOptions,
    access: signedIn,
    handler: async ({ auth: { userId } }, ctx) => {
      const user = await userBasics(ctx.store.db, userId);
      const options = await ctx.twoStep.passkeys.registrationOptions({
        id: userId,
        nik: user?.nik ?? String(userId),
        name: user?.nama ?? '',
      });
      // The challenge travels sealed with the user and a deadline (as an authenticator's secret).
      const registration = sealOffer(ctx, userId, { c: options.challenge });
      return ok('Gunakan perangkat Anda untuk membuat passkey', { options, registration });
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.accountPasskey,
    access: signedIn,
    body: accountPasskeyPayloadSchema,
    handler: async ({ body, request, auth: { userId } }, ctx) => {
      const offer = openOffer(ctx, registrationSchema, body.registration, userId, {
        field: 'passkey',
        message: 'Mulai ulang penambahan passkey',
      });
      const first = !(await ctx.twoStep.factors.has(userId));
      const response = registrationJson.safeParse(body.response).data;
      if (!response) throw fieldError('passkey', 'Data passkey tidak valid', 400);
      const id = await ctx.twoStep.passkeys.register(userId, body.label, response, offer.c);
      if (id === null) throw fieldError('passkey', 'Passkey tidak dapat diverifikasi. Coba lagi.', 422);
      return added(ctx, request, userId, first, {
        message: 'Passkey ditambahkan',
        detail: `Passkey "${body.label}" ditambahkan`,
      });
    },
  }),
  route({
    method: 'DELETE',
    path: twoStepPaths.accountFactor(':id'),
    access: signedIn,
    params: idParams(FACTOR_NOT_FOUND),
    handler: async ({ params: { id }, request, auth: { userId } }, ctx) => {
      const { factors } = ctx.twoStep;
      const status = await factors.status(userId);
      const factor = status.factors.find((f) => f.id === id);
      if (!factor) throw notFound(FACTOR_NOT_FOUND);
      if (status.required && status.factors.length === 1) throw conflict(TWO_STEP_LAST_FACTOR);
      await stepUp(ctx, userId, request.body);
      await factors.remove(userId, id);
      await recordTwoStep(ctx, request, {
        actorId: userId,
        action: AUDIT_ACTION.twoStepRemove,
        result: 'done',
        status: 200,
        detail: `${factor.kind === 'passkey' ? 'Passkey' : 'Aplikasi autentikator'} "${factor.label}" dihapus`,
      });
      return ok('Metode verifikasi dihapus', await factors.status(userId));
    },
  }),
  route({
    method: 'POST',
    path: twoStepPaths.accountRecoveryCodes,
    access: signedIn,
    handler: async ({ request, auth: { userId } }, ctx) => {
      const { factors } = ctx.twoStep;
      if (!(await factors.has(userId))) throw conflict('Tambahkan aplikasi autentikator terlebih dahulu');
      await stepUp(ctx, userId, request.body);
      const codes = await factors.newRecoveryCodes(userId);
      await recordTwoStep(ctx, request, {
        actorId: userId,
        action: AUDIT_ACTION.twoStepRecoveryNew,
        result: 'done',
        status: 200,
      });
      return ok('Kode pemulihan baru dibuat', { recovery_codes: codes });
    },
  }),
]);
