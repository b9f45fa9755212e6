/**
 * The built api as a child process, and the ops commands, for the tests that run them (draining,
 * storage faults, backups, shutdown, production logs).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  API_PREFIX,
  READY_PATH,
  createSessionResponseSchema,
  loginResponseSchema,
  paths,
} from '@sso/shared/contract';
import { freePort } from '../test-support/built-api';
import { ADMIN } from '../test-support/http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request (a connection of its own unless `agent` says otherwise). */
export function send(
  port: number,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {};
    if (text !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request = http.request(
      { host: '127.0.0.1', port, method, path: url, headers, agent: options.agent ?? false },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

export interface RunningApi {
  api: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `main` with `env` (plus PORT, NODE_ENV=production, LOG_LEVEL=info) and waits for /ready. */
export async function startBuiltApi(
  command: string[],
  env: Record<string, string>,
  port?: number,
): Promise<RunningApi> {
  const listenPort = port ?? (await freePort());
  const [file, ...args] = command;
  if (file === undefined) throw new Error('no command');
  const api = spawn(file, args, {
    env: {
      PATH: process.env.PATH,
      PORT: String(listenPort),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  api.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  api.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await send(listenPort, 'GET', READY_PATH)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || api.exitCode !== null) throw new Error(`api did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { api, port: listenPort, output: () => output, exited };
}

/** The demo administrator's app-1 access token (login, then session/create). */
export async function adminToken(port: number): Promise<string> {
  const login = await send(port, 'POST', `${API_PREFIX}${paths.auth.loginNik}`, {
    body: { nik: ADMIN.nik, password: ADMIN.password, url: 'http://localhost:3000' },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  const loginToken = loginResponseSchema.parse(JSON.parse(login.body)).data.token;
  const session = await send(port, 'POST', `${API_PREFIX}${paths.session.create}`, {
    body: { app_id: 1 },
    token: loginToken,
  });
  if (session.status !== 200) throw new Error(`session: ${session.status} ${session.body}`);
  return createSessionResponseSchema.parse(JSON.parse(session.body)).data.access_token;
}

const tsx = path.join(__dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx');
const opsCli = path.join(__dirname, 'ops-cli.ts');

export interface OpsRun {
  status: number | null;
  output: string;
}

/** An ops command (`pnpm backup`, `pnpm restore FILE`, ...) run as the package script runs it, with `env`. */
export function runOps(args: string[], env: Record<string, string | undefined>): OpsRun {
  const result = spawnSync(tsx, [opsCli, ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The same, without waiting (a backup runs while writers go on). */
export function runOpsAsync(args: string[], env: Record<string, string | undefined>): Promise<OpsRun> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [opsCli, ...args], { env: { PATH: process.env.PATH, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (status) => resolve({ status, output }));
  });
}

/**
 * `takeBackup` run while four writers keep writing (`write(w, n)` makes one write and answers its
 * key), started once they have written for 0.7 s. Answers the backup's run, the keys acknowledged
 * before it started, how many were acknowledged while it ran, and all the keys acknowledged (the
 * writers are stopped and waited for before it answers).
 */
export async function backupUnderWrites(
  write: (w: number, n: number) => Promise<string>,
  takeBackup: () => Promise<OpsRun>,
): Promise<{ backup: OpsRun; beforeBackup: string[]; duringBackup: number; acknowledged: string[] }> {
  const acknowledged: string[] = [];
  let writing = true;
  const writer = async (w: number) => {
    for (let n = 0; writing; n += 1) acknowledged.push(await write(w, n));
  };
  const writers = [0, 1, 2, 3].map(writer);
  try {
    await new Promise((resolve) => setTimeout(resolve, 700));
    const beforeBackup = [...acknowledged];
    const backup = await takeBackup();
    const duringBackup = acknowledged.length - beforeBackup.length;
    return { backup, beforeBackup, duringBackup, acknowledged };
  } finally {
    writing = false;
    await Promise.all(writers);
  }
}

/**
 * A backup taken by `backupUnderWrites` succeeded while the writes went on (some acknowledged before
 * it, some while it ran) and wrote one file in `backupDir`: that file.
 */
export function theOneBackup(
  written: { backup: OpsRun; beforeBackup: string[]; duringBackup: number },
  backupDir: string,
): string {
  expect(written.backup.status).toBe(0);
  expect(written.duringBackup).toBeGreaterThan(0);
  expect(written.beforeBackup.length).toBeGreaterThan(10);
  const files = fs.readdirSync(backupDir);
  expect(files).toHaveLength(1);
  return path.join(backupDir, files[0] ?? '');
}
