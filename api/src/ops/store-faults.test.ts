/**
 * Issue 35, point 4, on the SQLite store: the built api's database on a real 4 MiB disk (a tmpfs
 * mounted in a mount namespace of its own, `unshare`; root, as CI runs), filled on purpose. Writes
 * (sign-ins here) answer 503 with the Indonesian message and Retry-After, /ready is false, reads go
 * on, the log has one line for the fault (not one per request) and one when it ends; freeing space
 * lets writes resume by themselves, without a restart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_PREFIX, READY_PATH, paths } from '@sso/shared/contract';
import { useBuiltApi } from '../test-support/built-api';
import { ADMIN } from '../test-support/http';
import { STORE_RETRY_AFTER_SECONDS, storeUnavailableMessage } from './store-health';
import { adminToken, send, startBuiltApi, type RunningApi } from './test-process';

const { dbFile: workDbFile, main } = useBuiltApi('store-faults');
const disk = path.join(path.dirname(workDbFile), 'disk');
const dbFile = path.join(disk, 'sso.sqlite');

/** Runs a command in the api's mount namespace (where the small disk is mounted). */
const inApiMounts = (running: RunningApi, command: string[]) =>
  execFileSync('nsenter', ['--target', String(running.api.pid), '--mount', '--', ...command], {
    stdio: 'pipe',
  });

const signIn = (port: number) =>
  send(port, 'POST', `${API_PREFIX}${paths.auth.loginNik}`, {
    body: { nik: ADMIN.nik, password: ADMIN.password, url: 'http://localhost:3000' },
  });

const linesWith = (output: string, text: string) => output.split('\n').filter((line) => line.includes(text));

test('a full disk: writes answer 503 with Retry-After, reads go on, one log line, writes resume after space is freed', async () => {
  fs.mkdirSync(disk, { recursive: true });
  const running = await startBuiltApi(
    [
      'unshare',
      '--mount',
      '--propagation',
      'private',
      '--',
      'sh',
      '-c',
      `mount -t tmpfs -o size=4m tmpfs "${disk}" && exec "${process.execPath}" "${main}"`,
    ],
    { DB_FILE: dbFile, SEED_USERS: '20' },
  );
  try {
    const token = await adminToken(running.port);
    // The disk is filled to the last byte (dd stops at ENOSPC).
    try {
      inApiMounts(running, ['dd', 'if=/dev/zero', `of=${disk}/filler`, 'bs=64k']);
    } catch {
      // "No space left on device": the disk is full, as wanted.
    }
    // SQLite reuses its write-ahead log's space for a while: sign in until a write needs more.
    let refused;
    for (let i = 0; i < 400 && !refused; i += 1) {
      const answer = await signIn(running.port);
      if (answer.status === 503) refused = answer;
      else expect(answer.status).toBe(200);
    }
    if (!refused) throw new Error('the full disk never refused a write');
    expect(JSON.parse(refused.body)).toEqual({ message: storeUnavailableMessage(STORE_RETRY_AFTER_SECONDS) });
    expect(refused.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));

    // More writes: refused the same way, and not logged again.
    for (let i = 0; i < 5; i += 1) expect((await signIn(running.port)).status).toBe(503);
    const ready = await send(running.port, 'GET', READY_PATH);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'unavailable', reason: 'store fault: full' });
    // Reads go on.
    const users = await send(running.port, 'GET', `${API_PREFIX}${paths.users.list}`, { token });
    expect(users.status).toBe(200);
    expect(linesWith(running.output(), 'store fault:')).toHaveLength(1);
    expect(running.output()).not.toMatch(/unhandled error|"stack"/);
    // The fault's line carries nothing a request sent (production logs hold no secret).
    expect(running.output()).not.toContain(ADMIN.password);
    expect(running.output()).not.toContain(token);

    // Space comes back: the probe notices, writes are accepted again, no restart.
    inApiMounts(running, ['rm', `${disk}/filler`]);
    const deadline = Date.now() + 15_000;
    while ((await send(running.port, 'GET', READY_PATH)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`still not ready:\n${running.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await signIn(running.port)).status).toBe(200);
    expect(linesWith(running.output(), 'store fault over')).toHaveLength(1);
    console.log(
      running
        .output()
        .split('\n')
        .filter((l) => /store|warn|error|503/i.test(l))
        .join('\n'),
    );
    expect(linesWith(running.output(), 'store fault:')).toHaveLength(1);
  } finally {
    running.api.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  }
}, 120_000);
