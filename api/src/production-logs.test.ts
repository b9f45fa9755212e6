/**
 * Issue 36, finding 2: no secret in a production log line or table. The production build (the
 * esbuild bundle run by plain `node`, NODE_ENV=production, LOG_LEVEL=info so every line is written)
 * goes through every flow that handles one: password sign-in, app session, api/me, admin reads,
 * phone code sign-in, password recovery (code, verify, reset), sign-in with the new password, a
 * wrong password, a handoff-like query string, logout. Its codes reach a stand-in SMS gateway
 * (OTP_WEBHOOK_URL), as a real deployment's would. Then its whole output and every table of its
 * database are searched for each code, password and token: none may be there. DEV_OUTBOX=1 is set
 * too, to show that production ignores it.
 */
import http from 'node:http';
import net from 'node:net';
import Database from 'better-sqlite3';
import { API_PREFIX, DEV_OUTBOX_PATH, auditPaths, paths } from '@sso/shared/contract';
import { useBuiltApi } from './test-support/built-api';
import { send, startBuiltApi } from './ops/test-process';
import { ADMIN } from './test-support/http';

const { dbFile, main } = useBuiltApi('production-logs');

interface Answer {
  status: number;
  json: () => { data?: Record<string, unknown> } & Record<string, unknown>;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in SMS gateway: keeps what the api posts to it. */
async function gateway(): Promise<{ url: string; texts: string[]; close: () => Promise<void> }> {
  const texts: string[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      texts.push(body);
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    texts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('the production build writes no code, password or token to its log or its tables', async () => {
  const sms = await gateway();
  const running = await startBuiltApi([process.execPath, main], {
    DB_FILE: dbFile,
    DEV_OUTBOX: '1',
    SEED_USERS: '10',
    OTP_MIN_INTERVAL_SECONDS: '0',
    OTP_WEBHOOK_URL: sms.url,
    OTP_WEBHOOK_TOKEN: 'gateway-token-rahasia',
  });
  const { api, output, exited } = running;

  const request = async (method: string, url: string, body?: unknown, token?: string): Promise<Answer> => {
    const answer = await send(running.port, method, url, { body, token });
    return { status: answer.status, text: answer.body, json: () => JSON.parse(answer.body) as never };
  };
  const sso = (method: string, url: string, body?: unknown, token?: string) =>
    request(method, `${API_PREFIX}${url}`, body, token);
  /** The newest code the gateway received (the webhook is not awaited by the answer). */
  const nextCode = async (count: number) => {
    for (let i = 0; i < 100 && sms.texts.length < count; i += 1) await sleep(20);
    const { text } = JSON.parse(sms.texts.at(-1) ?? '{}') as { text?: string };
    const match = /: (\d{6})\./.exec(text ?? '');
    if (!match?.[1]) throw new Error(`no code reached the gateway: ${sms.texts.join('\n')}`);
    return match[1];
  };

  const secrets: string[] = [ADMIN.password, 'gateway-token-rahasia'];
  const codes: string[] = [];
  const tokensOf = (answer: Answer) => {
    const data = answer.json().data ?? {};
    for (const value of Object.values(data)) {
      if (typeof value === 'string' && value.split('.').length === 2 && value.length > 40) {
        secrets.push(value, value.split('.')[1] ?? value);
      }
    }
    return data;
  };

  try {
    // Password sign-in, an app session, api/me, admin reads (a query string with a token in it).
    const login = await sso('POST', paths.auth.loginNik, { ...ADMIN, url: 'http://localhost:3000' });
    expect(login.status).toBe(200);
    const loginToken = String(tokensOf(login).token);
    const session = await sso('POST', paths.session.create, { app_id: 1 }, loginToken);
    expect(session.status).toBe(200);
    const accessToken = String(tokensOf(session).access_token);
    expect((await sso('GET', paths.session.me, undefined, accessToken)).status).toBe(200);
    expect(
      (
        await sso(
          'GET',
          `${paths.users.list}?keyword=${loginToken.split('.')[1] ?? ''}`,
          undefined,
          accessToken,
        )
      ).status,
    ).toBe(200);
    expect((await sso('GET', auditPaths.list, undefined, accessToken)).status).toBe(200);
    // The handoff's query string, sent to the api as a careless client would: never logged.
    expect((await request('GET', `/?data=${encodeURIComponent(accessToken)}`)).status).toBe(404);
    // The development outbox does not exist in production, DEV_OUTBOX=1 or not.
    expect((await request('GET', DEV_OUTBOX_PATH)).status).toBe(404);

    // Phone code sign-in.
    expect((await sso('POST', paths.auth.requestOtp, { phone: ADMIN.phone })).status).toBe(200);
    const loginCode = await nextCode(1);
    secrets.push(loginCode);
    codes.push(loginCode);
    const phoneLogin = await sso('POST', paths.auth.loginPhone, {
      phone: ADMIN.phone,
      otp: Number(loginCode),
    });
    expect(phoneLogin.status).toBe(200);
    tokensOf(phoneLogin);

    // Recovery: a code, verified, then the new password; sign-in with it; a wrong one.
    const newPassword = 'Kopi-Tubruk-Senja-42';
    secrets.push(newPassword);
    expect((await sso('POST', paths.forgotPassword.start, { nik: ADMIN.nik })).status).toBe(200);
    expect((await sso('POST', paths.forgotPassword.requestOtp, { nik: ADMIN.nik })).status).toBe(200);
    const resetCode = await nextCode(2);
    secrets.push(resetCode);
    codes.push(resetCode);
    expect(
      (await sso('POST', paths.forgotPassword.verifyOtp, { nik: ADMIN.nik, otp: resetCode })).status,
    ).toBe(200);
    const reset = await sso('POST', paths.forgotPassword.reset, {
      nik: ADMIN.nik,
      otp: resetCode,
      new_password: newPassword,
    });
    expect(reset.status).toBe(200);
    const again = await sso('POST', paths.auth.loginNik, {
      nik: ADMIN.nik,
      password: newPassword,
      url: 'http://localhost:3000',
    });
    expect(again.status).toBe(200);
    const againToken = String(tokensOf(again).token);
    const wrongPassword = 'Salah-Ketik-Sandi-77';
    secrets.push(wrongPassword);
    expect(
      (
        await sso('POST', paths.auth.loginNik, {
          nik: ADMIN.nik,
          password: wrongPassword,
          url: 'http://localhost:3000',
        })
      ).status,
    ).toBe(422);
    expect((await sso('POST', paths.session.logout, {}, againToken)).status).toBeLessThan(500);
  } finally {
    api.kill('SIGTERM');
    await exited;
    await sms.close();
  }

  // The codes did reach the gateway: the flows above really sent them.
  expect(codes).toHaveLength(2);
  // The log has lines (the flows were logged), and none holds a secret.
  expect(output()).toContain(`POST ${API_PREFIX}${paths.auth.loginNik} 200`);
  const leaks = secrets.filter((secret) => output().includes(secret));
  expect(leaks).toEqual([]);
  expect(output()).not.toMatch(/data=/);

  // No table holds one either.
  const db = new Database(dbFile, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'users_search%'",
      )
      .all();
    const dump = tables
      .map(({ name }) => JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all()))
      .join('\n');
    expect(dump.length).toBeGreaterThan(1000);
    expect(secrets.filter((secret) => dump.includes(secret))).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM outbox').get()).toEqual({ n: 0 });
  } finally {
    db.close();
  }
}, 90_000);
