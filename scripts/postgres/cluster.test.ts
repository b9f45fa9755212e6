/**
 * The PostgreSQL cluster of `./panel start --scale` (ADR 0028): created in a folder of its own on the
 * first start, reused on the next (the data kept), the database created once; its role needs the
 * generated password, on the socket and on the local port alike. Runs where Debian's PostgreSQL is
 * installed (./panel test installs it); a free port instead of 5433, so it runs beside a started panel.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, shownUrl } from './cluster.mjs';
import { postgresBin } from './install.mjs';
import { freePort } from '../lib/free-port.mjs';

const bin = postgresBin();

(bin ? describe : describe.skip)('the cluster of ./panel start --scale', () => {
  let work: string;
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test('created once, reused with its data, and only the generated password lets the role in', async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-cluster-'));
    fs.chmodSync(work, 0o755);
    const dir = path.join(work, '.postgres');
    const port = await freePort();
    const psql = (url: string, sql: string) =>
      execFileSync(path.join(bin ?? '', 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-Atq', '-c', sql], {
        encoding: 'utf8',
      }).trim();
    const first = startCluster({ dir, database: 'sso', port });
    try {
      psql(first.url, 'CREATE TABLE kept (x INT); INSERT INTO kept VALUES (35)');
      expect(fs.statSync(path.join(dir, 'password')).mode & 0o777).toBe(0o600);
      expect(shownUrl(first.url)).toMatch(/^postgres:\/\/sso:\*\*\*@localhost:\d+\/sso\?host=/);
      // The local port: the password is required (no trust for other users of the machine).
      const tcp = `postgres://sso:salah@127.0.0.1:${port}/sso`;
      const refused = spawnSync(path.join(bin ?? '', 'psql'), [tcp, '-Atq', '-c', 'SELECT 1'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toMatch(/password authentication failed/);
      const password = new URL(first.url).password;
      expect(psql(`postgres://sso:${password}@127.0.0.1:${port}/sso`, 'SELECT x FROM kept')).toBe('35');
    } finally {
      first.stop();
    }
    // Started again on the same folder: the same cluster, its data and its database.
    const again = startCluster({ dir, database: 'sso', port });
    try {
      expect(again.url).toBe(first.url);
      expect(psql(again.url, 'SELECT x FROM kept')).toBe('35');
    } finally {
      again.stop();
    }
  }, 120_000);
});
