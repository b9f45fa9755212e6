import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paths, userAccountResponseSchema, userResponseSchema, type UserPayload } from '@sso/shared/contract';
import { createUserPayload } from './factories';
import { call, expectOk, latestCode } from './http';

/** A user created through the api, with a password set through the recovery flow (so it can sign in). */
export interface TestAccount {
  id: number;
  nik: string;
  phone: string;
  password: string;
}

/**
 * Creates a user as `token`'s administrator (role 2 "Admin" unless overridden) and gives it a
 * password the way a user would: forgot-password, the outbox's code, verify, reset.
 */
export async function createAccount(
  app: FastifyInstance,
  token: string,
  overrides: Partial<UserPayload> = {},
): Promise<TestAccount> {
  const payload = createUserPayload(overrides);
  const created = expectOk(
    await call(app, 'POST', paths.users.create, { token, body: payload }),
    userResponseSchema,
    201,
  );
  const password = `Lifecycle-${payload.nik}`;
  // Any success body: the recovery steps' data is not needed here.
  const userlessOk = z.unknown();
  const { nik, phone } = payload;
  expectOk(await call(app, 'POST', paths.forgotPassword.requestOtp, { body: { nik } }), userlessOk);
  const otp = await latestCode(app, phone, 'reset');
  expectOk(await call(app, 'POST', paths.forgotPassword.verifyOtp, { body: { nik, otp } }), userlessOk);
  expectOk(
    await call(app, 'POST', paths.forgotPassword.reset, { body: { nik, otp, new_password: password } }),
    userlessOk,
  );
  return { id: created.data.id, nik, phone, password };
}

/** The open sessions of a user as an administrator sees them. */
export async function sessionsOf(app: FastifyInstance, token: string, userId: number) {
  return expectOk(await call(app, 'GET', paths.users.account(userId), { token }), userAccountResponseSchema)
    .data.sessions;
}
