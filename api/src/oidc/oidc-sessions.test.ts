import { createServer, type Server } from 'node:http';
import Database from 'better-sqlite3';
import * as oidc from 'openid-client';
import { auditActivity, paths, userAccountResponseSchema } from '@sso/shared/contract';
import { ADMIN, call, expectOk, openSession } from '../test-support/http';
import {
  codeGrant,
  CookieJar,
  finishLogin,
  loginToken,
  startAtLogin,
  useOidcApp,
} from '../test-support/oidc';

/** An application's back-channel logout endpoint: the logout tokens it received, decoded. */
function logoutReceiver() {
  const received: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('logout_token') ?? '';
      const payload = token.split('.')[1] ?? '';
      received.push(
        JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
      );
      response.writeHead(200).end();
    });
  });
  return {
    received,
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backchannel-logout`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const api = useOidcApp();
const receiver = logoutReceiver();
beforeAll(async () => {
  const uri = await receiver.listen();
  const db = new Database(api.dbFile);
  db.prepare("UPDATE oidc_clients SET backchannel_logout_uri = ? WHERE client_id = 'hris'").run(uri);
  db.close();
});
afterAll(() => receiver.close());

const HR_MANAGER = { id: 3, nik: '100003', password: 'password123' };

async function signInAtHris(jar: CookieJar) {
  const { config, started, uid } = await startAtLogin(api, jar, 'hris');
  const back = await finishLogin(
    jar,
    api.origin,
    uid,
    await loginToken(api.origin, HR_MANAGER.nik, HR_MANAGER.password),
  );
  if (back.kind !== 'callback') throw new Error('expected the callback');
  const tokens = await codeGrant(config, started, back.url);
  return { config, tokens };
}

describe('SSO sessions in the account lifecycle', () => {
  it('lists the SSO sign-in per application; "Keluarkan dari semua sesi" ends it with back-channel logout', async () => {
    const { accessToken } = await openSession(api.app, ADMIN);
    const { config, tokens } = await signInAtHris(new CookieJar());
    const sid = tokens.claims()?.sid;
    expect(sid).toEqual(expect.any(String));

    const account = expectOk(
      await call(api.app, 'GET', paths.users.account(HR_MANAGER.id), { token: accessToken }),
      userAccountResponseSchema,
    );
    expect(account.data.sessions.map((s) => s.application)).toContain('HRIS');

    const ended = await call(api.app, 'DELETE', paths.users.sessions(HR_MANAGER.id), { token: accessToken });
    expect(ended.statusCode).toBe(200);
    // The notice is sent after the ending transaction commits: wait for it (at most 5 s).
    for (let waited = 0; receiver.received.length === 0 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(receiver.received).toEqual([
      expect.objectContaining({
        sub: String(HR_MANAGER.id),
        sid,
        aud: 'hris',
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      }),
    ]);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token ?? '')).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('Log Aktivitas of SSO sign-ins', () => {
  it('records "Masuk ke HRIS melalui SSO" with its time, actor and application', async () => {
    const before = Date.now();
    await signInAtHris(new CookieJar());
    const db = new Database(api.dbFile, { readonly: true });
    const event = db
      .prepare<[], { at: number; actor_nik: string; target_label: string; result: string }>(
        "SELECT at, actor_nik, target_label, result FROM audit_events WHERE action = 'sso.sign_in' ORDER BY id DESC LIMIT 1",
      )
      .get();
    db.close();
    expect(event).toMatchObject({ actor_nik: HR_MANAGER.nik, target_label: 'HRIS', result: 'done' });
    // Milliseconds, as every event of the table (a regression: seconds showed as January 1970).
    expect(event?.at).toBeGreaterThanOrEqual(before - 60_000);
    expect(
      auditActivity({
        action: 'sso.sign_in',
        target_type: 'application',
        target_id: '2',
        target_label: 'HRIS',
      }),
    ).toBe('Masuk ke HRIS melalui SSO');
  });
});
