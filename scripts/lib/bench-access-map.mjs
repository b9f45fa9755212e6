// Peta Akses at scale (issue 32, ADR 0025), for `pnpm bench` (not --quick): a database of 200,000
// users of its own (seeded by api/src/access/bench-access-map.ts, removed after), then a page of the
// by-place query for the group-wide and the scoped administrator, each case 100 times in process.
// Target: a page p95 ≤ 50 ms. Reported, never failing the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ACCESS_MAP_USERS = 200_000;

/** Seeds and times; returns the figures of bench-access-map.ts. */
export function measureAccessMap(root, log) {
  const file = path.join(os.tmpdir(), `sso-bench-access-map-${process.pid}.sqlite`);
  log(`Peta Akses: seeding ${ACCESS_MAP_USERS.toLocaleString('en')} users, then the by-place pages…`);
  try {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/access/bench-access-map.ts', file, String(ACCESS_MAP_USERS)],
      { cwd: path.join(root, 'api'), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`Peta Akses bench failed: ${run.stderr}`);
    return JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
  } finally {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }
}

const pair = (f) => `${f.p50}/${f.p95}`;

/** Printed lines. */
export const accessMapRows = (map) =>
  map
    ? {
        [`Peta Akses seed, ${map.users.toLocaleString('en')} users (s)`]: map.seedSeconds,
        'Peta Akses by place, group p50/p95 ms': `${pair(map.group.subMenu)} (AP ${pair(map.group.byAp)}, level ${pair(map.group.byLevel)}, page 50 ${pair(map.group.page50)})`,
        'Peta Akses by place, scoped p50/p95 ms': `${pair(map.scoped.subMenu)} (AP ${pair(map.scoped.byAp)}, level ${pair(map.scoped.byLevel)}, page 50 ${pair(map.scoped.page50)})`,
        'Peta Akses by person p50/p95 ms': `${pair(map.group.person)} / ${pair(map.scoped.person)}`,
        'Peta Akses worst page p95 (ms)': map.worstPageP95,
      }
    : {};

/** Issue 32's target: reported as met or not. */
export const accessMapBudgets = (map) =>
  map
    ? [['Peta Akses page p95 ≤ 50 ms (200,000 users)', map.worstPageP95 <= 50, `${map.worstPageP95} ms`]]
    : [];
