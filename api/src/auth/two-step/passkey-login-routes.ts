import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import {
  AUDIT_ACTION,
  SSO_PANEL_APP_ID,
  passkeyVerifyPayloadSchema,
  twoStepPaths,
} from '@sso/shared/contract';
import type { AppContext } from '../../context';
import { findAccountById } from '../accounts';
import { credentialError, fieldError } from '../../http/errors';
import { ok } from '../../http/reply';
import { publicAccess, route, routeTable } from '../../http/route';
import { addressKey, type Limit } from '../throttle';
import { TWO_STEP_GONE } from './pending-sign-in';
import { recordTwoStep } from './two-step-audit';

const TTL_MS = 5 * 60_000;
const REFUSED = 'Passkey tidak dikenali. Masuk dengan NIK dan password.';
const isCredentialJson = (value: unknown) =>
  typeof value === 'object' && value !== null && 'id' in value && 'response' in value;
const authenticationJson = z.custom<AuthenticationResponseJSON>(isCredentialJson);

/** Wrong passkeys per address, counted like passwords. */
const limits = (ctx: AppContext, ip: string): Limit[] => [
  {
    key: `passkey-login:addr:${addressKey(ip)}`,
    max: ctx.config.authMaxFailuresPerAddress,
    windowSeconds: 900,
    onSuccess: 'refund',
  },
];

// Anyone may ask for options: counted per address (every ask), so nobody fills the table.
const optionLimits = (ip: string): Limit[] => [
  { key: `passkey-options:addr:${addressKey(ip)}`, max: 30, windowSeconds: 60, onSuccess: 'keep' },
];

/**
 * "Masuk dengan passkey" (issue 31, ADR 0021): a passkey with user verification is the first and
 * only step (it is two factors). The challenge is a row of `sign_in_challenges` (purpose
 * `passkey_login`, no user yet), used once. Tries are counted per address like passwords.
 */
export const passkeyLoginRoutes = routeTable([
  route({
    method: 'POST',
    path: twoStepPaths.passkeyLoginOptions,
    access: publicAccess,
    handler: async ({ request }, ctx) =>
      ctx.throttle.run(optionLimits(request.ip), async () => {
        const db = ctx.store.db;
        const options = await ctx.twoStep.passkeys.discoverableOptions();
        const challenge = randomBytes(24).toString('base64url');
        const now = ctx.clock();
        await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', now).execute();
        await db
          .insertInto('sign_in_challenges')
          .values({
            id: challenge,
            user_id: null,
            password_ok: 0,
            expires_at: now + TTL_MS,
            created_at: now,
            purpose: 'passkey_login',
            pending_secret: options.challenge,
          })
          .execute();
        return ok('Gunakan passkey Anda', { challenge, options });
      }),
  }),
  route({
    method: 'POST',
    path: twoStepPaths.passkeyLogin,
    access: publicAccess,
    body: passkeyVerifyPayloadSchema,
    handler: async ({ body, request, reply }, ctx) => {
      const db = ctx.store.db;
      const response = authenticationJson.safeParse(body.response).data;
      if (!response) throw fieldError('passkey', 'Data passkey tidak valid', 400);
      const now = ctx.clock();
      const row = await db
        .selectFrom('sign_in_challenges')
        .select('pending_secret')
        .where('id', '=', body.challenge)
        .where('purpose', '=', 'passkey_login')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      // Used once, whatever the answer: ended by one conditional write (whichever instance answers).
      const { numUpdatedRows } = await db
        .updateTable('sign_in_challenges')
        .set({ expires_at: 0, pending_secret: null })
        .where('id', '=', body.challenge)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      const offered = numUpdatedRows === 1n ? row?.pending_secret : null;
      if (!offered) throw fieldError('passkey', TWO_STEP_GONE, 422);
      return ctx.throttle.run(limits(ctx, request.ip), async () => {
        const found = await ctx.twoStep.passkeys.authenticateAny(response, offered);
        const active = found && (await findAccountById(db, found.userId))?.is_active;
        if (!found || active !== 1) {
          if (found) {
            await recordTwoStep(ctx, request, {
              actorId: found.userId,
              action: AUDIT_ACTION.passkeyLogin,
              result: 'failed',
              status: 422,
              reason: REFUSED,
            });
          }
          throw credentialError('passkey', REFUSED);
        }
        const { token } = await ctx.sessions.createLogin(
          found.userId,
          SSO_PANEL_APP_ID,
          ctx.config.panelUrl,
          {
            address: request.ip,
            userAgent: request.headers['user-agent'],
            amr: [found.kind, 'mfa'],
          },
        );
        await ctx.knownAddresses.remember(found.userId, request.ip);
        await ctx.devices.remember(found.userId, request, reply);
        await recordTwoStep(ctx, request, {
          actorId: found.userId,
          action: AUDIT_ACTION.passkeyLogin,
          result: 'done',
          status: 200,
        });
        return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
      });
    },
  }),
]);
