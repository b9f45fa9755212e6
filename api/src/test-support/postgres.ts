import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for a test file: `initdb` into a new temporary folder, the server
 * listening on a Unix socket in that folder only (no TCP port, so parallel runs and other checkouts
 * never collide), trust authentication, stopped and deleted by `stop()`. As root (CI), initdb and
 * postgres run as the `postgres` user, which owns the folder. Debian's `postgresql` package
 * (version 15 or newer) provides the binaries; `./panel test` installs it when missing.
 */
export interface TestPostgres {
  /** A `postgres://` URL of the cluster's `postgres` database, over the socket. */
  readonly url: string;
  /** A fresh empty database in the cluster, as a URL. */
  createDatabase(name: string): string;
  /** Stops the server (immediately, like a crash when `immediate`), keeping the folder. */
  halt(mode?: 'fast' | 'immediate'): void;
  /** Starts it again after `halt`. */
  resume(): void;
  /** Stops the server and deletes its folder. */
  stop(): void;
}

/** The newest PostgreSQL 15+ of Debian's layout (`/usr/lib/postgresql/N/bin`), or PG_BIN. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((v) => v >= 15 && existsSync(join(root, String(v), 'bin', 'initdb')))
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0) {
    throw new Error('PostgreSQL 15 or newer is not installed (Debian: apt-get install postgresql)');
  }
  return join(root, String(versions[0]), 'bin');
}

export function startTestPostgres(): TestPostgres {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'sso-pg-test-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  const user = asRoot ? 'postgres' : userInfo().username;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  run('initdb', ['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const options = `-c listen_addresses= -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  start();
  const url = (database: string) =>
    `postgres://${user}@localhost/${database}?host=${encodeURIComponent(dir)}`;
  const psql = (sqlText: string) =>
    run('psql', ['-h', dir, '-U', user, '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q', '-c', sqlText]);
  let running = true;
  const halt = (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    running = false;
  };
  return {
    url: url('postgres'),
    createDatabase(name) {
      psql(`CREATE DATABASE "${name}"`);
      return url(name);
    },
    halt,
    resume() {
      if (running) return;
      start();
      running = true;
    },
    stop() {
      try {
        halt('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
