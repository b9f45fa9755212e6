import { SESSION_END_MESSAGES, SESSION_INVALID_MESSAGE, paths } from '@sso/shared/contract';
import { createAccount, type TestAccount } from '../test-support/accounts';
import { call, expectError, openSession } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

/** A panel session of `account` (its app-1 access token), as the panel holds it. */
const signIn = async (account: TestAccount) => (await openSession(t.app, account)).accessToken;
const me = (token: string) => call(t.app, 'GET', paths.session.me, { token });
const asAdmin = (method: 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  call(t.app, method, path, { token: t.token, body });

describe('a 401 says why a live session ended', () => {
  let account: TestAccount;
  beforeEach(async () => {
    account = await createAccount(t.app, t.token);
  });

  it('ended by an administrator: every session, or one', async () => {
    const token = await signIn(account);
    expect((await me(token)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', paths.users.sessions(account.id))).statusCode).toBe(200);
    expect(expectError(await me(token), 401)).toEqual({
      message: 'Sesi Anda telah diakhiri oleh administrator.',
      reason: 'ended_by_admin',
    });

    const again = await signIn(account);
    const account2 = await call(t.app, 'GET', paths.users.account(account.id), { token: t.token });
    const sessionId = (account2.json() as { data: { sessions: { id: number }[] } }).data.sessions[0]?.id;
    expect((await asAdmin('DELETE', paths.users.session(account.id, sessionId ?? 0))).statusCode).toBe(200);
    expect(expectError(await me(again), 401).reason).toBe('ended_by_admin');
  });

  it('deactivated', async () => {
    const token = await signIn(account);
    expect((await asAdmin('PATCH', paths.users.status(account.id), { is_active: false })).statusCode).toBe(
      200,
    );
    expect(expectError(await me(token), 401)).toEqual({
      message: SESSION_END_MESSAGES.account_deactivated,
      reason: 'account_deactivated',
    });
  });

  it('role changed by another user', async () => {
    const token = await signIn(account);
    const reply = await asAdmin('PATCH', paths.users.update(account.id), { role_ids: [3] });
    expect(reply.statusCode).toBe(200);
    expect(expectError(await me(token), 401)).toEqual({
      message: SESSION_END_MESSAGES.access_changed,
      reason: 'access_changed',
    });
  });

  it('signed out by oneself, or a token never valid: no reason', async () => {
    const token = await signIn(account);
    expect((await call(t.app, 'POST', paths.session.logout, { token })).statusCode).toBe(200);
    expect(expectError(await me(token), 401)).toEqual({ message: SESSION_INVALID_MESSAGE });
    expect(expectError(await me('not-a-token'), 401)).toEqual({ message: SESSION_INVALID_MESSAGE });
  });
});
