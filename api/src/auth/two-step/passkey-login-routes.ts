import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AUDIT_ACTION,
  SSO_PANEL_APP_ID,
  passkeyVerifyPayloadSchema,
  twoStepPaths,
} from '@sso/shared/contract';
import type { AppContext } from '../../context';
import { credentialError, fieldError } from '../../http/errors';
import { ok } from '../../http/reply';
import { validate } from '../../http/validate';
import { addressKey, type Limit } from '../throttle';
import { TWO_STEP_GONE } from './pending-sign-in';
import { recordTwoStep } from './two-step-audit';

const TTL_MS = 5 * 60_000;
const REFUSED = 'Passkey tidak dikenali. Masuk dengan NIK dan password.';
const isCredentialJson = (value: unknown) =>
  typeof value === 'object' && value !== null && 'id' in value && 'response' in value;
const authenticationJson = z.custom<AuthenticationResponseJSON>(isCredentialJson);

/**
 * "Masuk dengan passkey" (issue 31, ADR 0021): a passkey with user verification is the first and
 * only step (it is two factors). The challenge is a row of `sign_in_challenges` (purpose
 * `passkey_login`, no user yet), used once. Tries are counted per address like passwords.
 */
export function registerPasskeyLoginRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const insert = db.prepare(
    `INSERT INTO sign_in_challenges (id, user_id, password_ok, expires_at, created_at, purpose, pending_secret)
     VALUES (?, NULL, 0, ?, ?, 'passkey_login', ?)`,
  );
  const read = db.prepare<[string, number], string>(
    `SELECT pending_secret FROM sign_in_challenges WHERE id = ? AND purpose = 'passkey_login' AND expires_at > ?`,
  );
  const end = db.prepare('UPDATE sign_in_challenges SET expires_at = 0, pending_secret = NULL WHERE id = ?');
  const limits = (ip: string): Limit[] => [
    {
      key: `passkey-login:addr:${addressKey(ip)}`,
      max: ctx.config.authMaxFailuresPerAddress,
      windowSeconds: 900,
      onSuccess: 'refund',
    },
  ];

  const purge = db.prepare('DELETE FROM sign_in_challenges WHERE expires_at <= ?');
  // Anyone may ask for options: counted per address (every ask), so nobody fills the table.
  const optionLimits = (ip: string): Limit[] => [
    { key: `passkey-options:addr:${addressKey(ip)}`, max: 30, windowSeconds: 60, onSuccess: 'keep' },
  ];

  app.post(twoStepPaths.passkeyLoginOptions, async (request) =>
    ctx.throttle.run(optionLimits(request.ip), async () => {
      const options = await ctx.twoStep.passkeys.discoverableOptions();
      const challenge = randomBytes(24).toString('base64url');
      const now = ctx.clock();
      purge.run(now);
      insert.run(challenge, now + TTL_MS, now, options.challenge);
      return ok('Gunakan passkey Anda', { challenge, options });
    }),
  );

  app.post(twoStepPaths.passkeyLogin, async (request, reply) => {
    const body = validate(passkeyVerifyPayloadSchema, request.body);
    const response = authenticationJson.safeParse(body.response).data;
    if (!response) throw fieldError('passkey', 'Data passkey tidak valid', 400);
    const offered = read.pluck().get(body.challenge, ctx.clock());
    // Used once, whatever the answer.
    end.run(body.challenge);
    if (!offered) throw fieldError('passkey', TWO_STEP_GONE, 422);
    return ctx.throttle.run(limits(request.ip), async () => {
      const found = await ctx.twoStep.passkeys.authenticateAny(response, offered);
      const active =
        found &&
        db.prepare<[number], number>('SELECT is_active FROM users WHERE id = ?').pluck().get(found.userId);
      if (!found || active !== 1) {
        if (found) {
          recordTwoStep(ctx, request, {
            actorId: found.userId,
            action: AUDIT_ACTION.passkeyLogin,
            result: 'failed',
            status: 422,
            reason: REFUSED,
          });
        }
        throw credentialError('passkey', REFUSED);
      }
      const { token } = await ctx.sessions.createLogin(found.userId, SSO_PANEL_APP_ID, ctx.config.panelUrl, {
        address: request.ip,
        userAgent: request.headers['user-agent'],
        amr: [found.kind, 'mfa'],
      });
      await ctx.knownAddresses.remember(found.userId, request.ip);
      await ctx.devices.remember(found.userId, request, reply);
      recordTwoStep(ctx, request, {
        actorId: found.userId,
        action: AUDIT_ACTION.passkeyLogin,
        result: 'done',
        status: 200,
      });
      return ok('Login berhasil', { token, apps_id: SSO_PANEL_APP_ID });
    });
  });
}
