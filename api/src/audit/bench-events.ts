/**
 * `pnpm bench`'s Log Aktivitas part, run against the bench's database while its api runs:
 * `node --import tsx src/audit/bench-events.ts <db file> <events>`. Appends `<events>` events spread
 * over the last 365 days (one transaction, one prepared statement: about a minute for a million
 * here), then times the work recording adds to one admin write — the target's snapshot before and
 * after, the diff and the insert — on that table, and prints both figures as one JSON line.
 */
import Database from 'better-sqlite3';
import { analyzeEvents, recordEvent } from './audit-store';
import { changesBetween } from './audit-targets';
import { describeUser } from './describers';
import { sqliteStore, type Store } from '../db/store';

const DAY_MS = 86_400_000;
const ACTIONS = [
  ['auth.login_nik', 40],
  ['session.create', 25],
  ['session.logout', 10],
  ['auth.login_phone', 5],
  ['user.update', 8],
  ['user.create', 4],
  ['user.delete', 2],
  ['role.update', 3],
  ['role.create', 2],
  ['role.delete', 1],
] as const;

/** A small deterministic generator (the bench's runs are comparable). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function seed(db: Database.Database, count: number, now: number) {
  const users = db
    .prepare<[], { id: number; nik: string; nama: string }>('SELECT id, nik, nama FROM users')
    .all();
  const next = random(20);
  const weights = ACTIONS.flatMap(([action, weight]) => Array.from({ length: weight }, () => action));
  const insert = db.prepare(
    `INSERT INTO audit_events (at, actor_id, actor_nik, actor_name, action, target_type, target_id,
       target_label, result, status, reason, changes, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = now - 365 * DAY_MS;
  const step = (365 * DAY_MS) / count;
  const t0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) {
      const actor = users[Math.floor(next() * users.length)] ?? users[0];
      const target = users[Math.floor(next() * users.length)] ?? users[0];
      const action = weights[Math.floor(next() * weights.length)] ?? 'auth.login_nik';
      const roll = next();
      const result = roll < 0.85 ? 'done' : roll < 0.95 ? 'failed' : 'refused';
      const admin = action.startsWith('user.') || action.startsWith('role.');
      insert.run(
        Math.floor(start + i * step),
        actor?.id ?? null,
        actor?.nik ?? null,
        actor?.nama ?? null,
        action,
        admin ? action.split('.')[0] : null,
        admin ? String(target?.id ?? 1) : null,
        admin ? (target?.nama ?? null) : null,
        result,
        result === 'done' ? 200 : result === 'failed' ? 422 : 403,
        result === 'done'
          ? null
          : result === 'failed'
            ? 'NIK atau password salah'
            : 'Anda tidak memiliki akses',
        action === 'user.update' ? '[{"field":"Role","before":"Admin","after":"Viewer"}]' : null,
        `10.0.${Math.floor(next() * 255)}.${Math.floor(next() * 255)}`,
        'Mozilla/5.0 (bench)',
      );
    }
  })();
  return { seconds: Math.round((performance.now() - t0) / 100) / 10, users: users.map((u) => u.id) };
}

/** What recording adds to one admin write (a user edit): p50 and p95 over `runs` writes, in ms. */
async function recordingCost(store: Store, userIds: number[], runs = 2000) {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const id = userIds[i % userIds.length] ?? 1;
    const t = performance.now();
    const before = await describeUser(store.db, id);
    const after = await describeUser(store.db, id);
    await recordEvent(store.db, {
      at: Date.now(),
      actor: { id: 1, nik: '100001', name: 'Administrator' },
      action: 'user.update',
      target: { type: 'user', id: String(id), label: after?.label ?? null },
      result: 'done',
      status: 200,
      reason: null,
      changes: changesBetween(before, after),
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    times.push(performance.now() - t);
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

const [file, countText] = process.argv.slice(2);
if (!file || !countText) throw new Error('usage: bench-events.ts <db file> <events>');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const seeded = seed(db, Number(countText), Date.now());
// The statistics the api's prune keeps (at start and every 6 hours), as it would have them.
const store = sqliteStore(db);
await analyzeEvents(store);
const write = await recordingCost(store, seeded.users);
db.close();
console.log(
  JSON.stringify({
    events: Number(countText),
    seedSeconds: seeded.seconds,
    write,
    sampleUser: seeded.users[17] ?? 1,
  }),
);
