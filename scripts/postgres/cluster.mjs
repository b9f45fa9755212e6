// The PostgreSQL cluster of `./panel start --scale N` (ADR 0028): Debian's binaries (installed with
// apt when missing, scripts/postgres/install.mjs), the cluster in a folder of the checkout
// (`.postgres/`, git-ignored), never the system's service or its port 5432. The server listens on a
// Unix socket in that folder and on 127.0.0.1:5433 (DESIGN "Ports"); its one role `sso` has a
// password generated at `initdb` and kept in `.postgres/password` (mode 600), so another user of the
// machine cannot connect through the local port. As root, initdb and the server run as the
// `postgres` account, which owns the folder (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePostgres, postgresBin } from './install.mjs';

export const POSTGRES_PORT = Number(process.env.POSTGRES_PORT ?? 5433);
const ROLE = 'sso';

/** Runs a PostgreSQL tool as the account that owns the cluster; returns its output. */
function runner(bin) {
  const asRoot = process.getuid?.() === 0;
  return (tool, args, env = {}) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const all = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, all, { encoding: 'utf8', env: { ...process.env, ...env } });
    if (result.status !== 0) {
      throw new Error(
        `${tool} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
      );
    }
    return result.stdout;
  };
}

/**
 * Creates (first time) and starts the cluster in `dir`, and creates `database` in it when missing.
 * Returns the `DATABASE_URL` of that database (over the socket) and `stop()` (a fast shutdown).
 * A server already running on that folder (a previous start stopped by SIGKILL) is used as it is.
 * @param {{ dir: string, database: string, port?: number }} options
 */
export function startCluster({ dir, database, port = POSTGRES_PORT }) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`not a database name: ${database}`);
  ensurePostgres();
  const bin = postgresBin();
  const run = runner(bin);
  const data = path.join(dir, 'data');
  const passwordFile = path.join(dir, 'password');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    console.log(`[postgres] creating a cluster in ${dir} (initdb)`);
    const password = crypto.randomBytes(24).toString('base64url');
    // initdb reads the password from a file the server's account can read; removed right after.
    const pwfile = path.join(dir, 'initdb-password');
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (process.getuid?.() === 0) fs.chownSync(pwfile, fs.statSync(dir).uid, fs.statSync(dir).gid);
    try {
      run('initdb', [
        '-D',
        data,
        '-U',
        ROLE,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ]);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const status = spawnSync(
    process.getuid?.() === 0 ? 'runuser' : path.join(bin, 'pg_ctl'),
    process.getuid?.() === 0
      ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, 'status']
      : ['-D', data, 'status'],
  );
  const alreadyRunning = status.status === 0;
  if (!alreadyRunning) {
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`;
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  }
  console.log(
    `[postgres] ${alreadyRunning ? 'running' : 'started'}: PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} and ${dir}/.s.PGSQL.${port} (log ${path.join(dir, 'server.log')})`,
  );
  const url = (db) =>
    `postgres://${ROLE}:${encodeURIComponent(password)}@localhost:${port}/${db}?host=${encodeURIComponent(dir)}`;
  const psql = (sqlText) =>
    execFileSync(path.join(bin, 'psql'), [url('postgres'), '-v', 'ON_ERROR_STOP=1', '-Atq', '-c', sqlText], {
      encoding: 'utf8',
    }).trim();
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`) !== '1') {
    psql(`CREATE DATABASE ${database}`);
    console.log(`[postgres] database ${database} created`);
  }
  return {
    url: url(database),
    /** Fast shutdown (open sessions are ended, what they committed is kept). */
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
  };
}

/** `DATABASE_URL` without its password, for a log line. */
export const shownUrl = (url) => url.replace(/:[^:@/]*@/, ':***@');

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node scripts/postgres/cluster.mjs [database]`: starts the checkout's cluster and prints the URL.
  const cluster = startCluster({
    dir: path.join(import.meta.dirname, '..', '..', '.postgres'),
    database: process.argv[2] ?? 'sso',
  });
  console.log(cluster.url);
}
