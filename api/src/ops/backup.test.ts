/**
 * Issue 35, point 5: `pnpm backup` while writes go on, `pnpm restore FILE` into a stopped api. The
 * built api takes role creations from 4 writers; a backup runs meanwhile (the command itself, as
 * `pnpm backup` runs it); restored, the database holds every role whose creation was acknowledged
 * before the backup started. A restore is refused while the api runs, and a damaged file always.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { API_PREFIX, paths } from '@sso/shared/contract';
import { useBuiltApi } from '../test-support/built-api';
import { createRolePayload } from '../test-support/factories';
import { backupName, prune } from './backup';
import {
  adminToken,
  backupUnderWrites,
  runOps,
  runOpsAsync,
  send,
  startBuiltApi,
  theOneBackup,
} from './test-process';

const { dbFile, main } = useBuiltApi('backup');
const backupDir = path.join(path.dirname(dbFile), 'backups');

/** `pnpm backup` / `pnpm restore FILE`, run as the package script runs it. */
const ops = (args: string[], env: Record<string, string> = {}) =>
  runOps(args, { DB_FILE: dbFile, BACKUP_DIR: backupDir, ...env });

test('a backup taken under writes, restored into the stopped api, holds every write acknowledged before it started', async () => {
  const running = await startBuiltApi([process.execPath, main], {
    DB_FILE: dbFile,
    LOG_LEVEL: 'warn',
    SEED_USERS: '20',
  });
  let acknowledged: string[] | undefined;
  let beforeBackup: string[] | undefined;
  let backupFile: string | undefined;
  try {
    const token = await adminToken(running.port);
    const written = await backupUnderWrites(
      async (w, n) => {
        const name = `Cadangan ${w}-${n}`;
        const answer = await send(running.port, 'POST', `${API_PREFIX}${paths.roles.create}`, {
          token,
          body: createRolePayload({ name }),
        });
        if (answer.status !== 201) throw new Error(`${answer.status} ${answer.body}`);
        return name;
      },
      () => runOpsAsync(['backup'], { DB_FILE: dbFile, BACKUP_DIR: backupDir }),
    );
    ({ acknowledged, beforeBackup } = written);
    expect(written.backup.output).toMatch(/^backup of SQLite .* written: .*\.sqlite \(.* integrity ok/m);
    // The writes went on while the backup ran.
    backupFile = theOneBackup(written, backupDir);

    // The api runs: the restore is refused, the database untouched.
    const refused = ops(['restore', backupFile]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('restore refused');
    expect(refused.output).toContain('the api is running');
    expect(fs.readdirSync(path.dirname(dbFile)).some((name) => name.includes('before-restore'))).toBe(false);
  } finally {
    running.api.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  }

  if (backupFile === undefined || beforeBackup === undefined || acknowledged === undefined) {
    throw new Error('no backup was taken');
  }
  const restored = ops(['restore', backupFile]);
  expect(restored.output).toContain('integrity ok');
  expect(restored.status).toBe(0);
  const db = new Database(dbFile, { readonly: true });
  const names = new Set(
    db
      .prepare<[], { name: string }>("SELECT name FROM roles WHERE name LIKE 'Cadangan %'")
      .all()
      .map((row) => row.name),
  );
  db.close();
  const missing = beforeBackup.filter((name) => !names.has(name));
  expect(missing).toEqual([]);
  // The restored database is the backup's: the writes acknowledged after it are not there.
  expect(names.size).toBeLessThan(acknowledged.length);
  // The database it replaced is kept beside it; no log of the old file is left beside the new one.
  const beside = fs.readdirSync(path.dirname(dbFile));
  expect(beside.filter((name) => name.includes('.before-restore-'))).toHaveLength(1);
  expect(beside).not.toContain(`${path.basename(dbFile)}-wal`);

  // The api starts on the restored database.
  const again = await startBuiltApi([process.execPath, main], { DB_FILE: dbFile, LOG_LEVEL: 'warn' });
  again.api.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}, 120_000);

test('a damaged file is never restored', () => {
  const damaged = path.join(path.dirname(dbFile), 'damaged.sqlite');
  fs.writeFileSync(damaged, 'SQLite format 3\0 this is not a database');
  const result = ops(['restore', damaged]);
  expect(result.status).toBe(1);
  expect(result.output).toMatch(/cannot be opened as SQLite|integrity|not a database/);
});

test('the retention count keeps the newest backups', () => {
  const dir = fs.mkdtempSync(path.join(path.dirname(dbFile), 'keep-'));
  const names = [1, 2, 3, 4].map((day) => backupName(new Date(Date.UTC(2026, 0, day)), '.sqlite'));
  for (const name of names) fs.writeFileSync(path.join(dir, name), '');
  fs.writeFileSync(path.join(dir, 'notes.txt'), '');
  expect(prune(dir, 2).map((file) => path.basename(file))).toEqual(names.slice(0, 2));
  expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
});
