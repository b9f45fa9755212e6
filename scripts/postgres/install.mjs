// Installs Debian's PostgreSQL (the `postgresql` package, version 15 or newer) with apt when
// missing, for the api's tests on PostgreSQL (api/src/test-support/postgres.ts) and, later, the
// several-instance start (ADR 0026). Nothing of the system's is started or used: the package's own
// cluster ("main") is not created, and every cluster the project runs lives in a folder of its own.
// Usage: node scripts/postgres/install.mjs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest installed PostgreSQL 15+, or null. */
export function postgresBin() {
  if (!fs.existsSync(ROOT)) return null;
  const versions = fs
    .readdirSync(ROOT)
    .map(Number)
    .filter((v) => v >= 15 && fs.existsSync(path.join(ROOT, String(v), 'bin', 'initdb')))
    .sort((a, b) => b - a);
  return versions.length > 0 ? path.join(ROOT, String(versions[0]), 'bin') : null;
}

/** apt-get install postgresql when no PostgreSQL 15+ is there (as root or with sudo). */
export function ensurePostgres() {
  if (postgresBin()) return;
  console.log('[postgres] installing postgresql with apt');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (command, ...args) => {
    const [head, ...rest] = [...sudo, command, ...args];
    const result = spawnSync(head, rest, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
  };
  // postgresql-common reads drop-ins of createcluster.d: no "main" cluster on install.
  run('mkdir', '-p', '/etc/postgresql-common/createcluster.d');
  run(
    'sh',
    '-c',
    'echo "create_main_cluster = false" > /etc/postgresql-common/createcluster.d/50-sso-panel.conf',
  );
  run('apt-get', '-o', 'DPkg::Lock::Timeout=600', 'update', '-qq');
  run('apt-get', '-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '-qq', 'postgresql');
  if (!postgresBin()) throw new Error('postgresql was installed, but no PostgreSQL 15 or newer was found');
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePostgres();
