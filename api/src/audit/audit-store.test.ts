import { sql } from 'kysely';
import { auditListQuerySchema, type AuditListQuery } from '@sso/shared/contract';
import type { Store, StoreKind } from '../db/store';
import { STORE_KINDS, insertRole, useTestStores } from '../test-support/stores';
import { actorScopeOf, scopeFilter } from '../access/admin-scope';
import { referenceTables } from '../access/reference-tables.test-support';
import { eventsInSlices, listEvents, pruneEvents, recordEvent, type NewAuditEvent } from './audit-store';

const stores = useTestStores();
/**
 * The refusal of the append-only guard. Matched by message, not `toThrow`: better-sqlite3 throws
 * the error class of the first copy of the module in a Jest worker, which is no Error of this file's
 * realm (ADR 0026, "Consequences").
 */
const appendOnly = { message: expect.stringMatching(/append-only/) };
const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

const event = (overrides: Partial<NewAuditEvent> = {}): NewAuditEvent => ({
  at: NOW,
  actor: { id: 7, nik: '100007', name: 'Siti Rahayu' },
  action: 'user.update',
  target: { type: 'user', id: '42', label: 'Budi Santoso' },
  result: 'done',
  status: 200,
  reason: null,
  changes: [{ field: 'Nama', before: 'Budi', after: 'Budi Santoso' }],
  ip: '10.0.0.7',
  userAgent: 'Mozilla/5.0',
  ...overrides,
});
const params = (query: AuditListQuery = {}) => auditListQuerySchema.parse(query);
const list = async (store: Store, query: AuditListQuery = {}) => listEvents(store, params(query));
const count = async (store: Store) =>
  Number(
    (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM audit_events`.execute(store.db)).rows[0]?.n ?? -1,
  );

describe.each<StoreKind>(STORE_KINDS)('Log Aktivitas store on %s', (kind) => {
  it('records an event and reads it back as the list shows it, newest first', async () => {
    const [store] = await stores.storesOn(kind);
    await recordEvent(
      store!.db,
      event({ at: NOW - 1000, action: 'auth.login_nik', target: null, changes: [] }),
    );
    await recordEvent(store!.db, event({ target: { type: 'user', id: '42', label: 'x'.repeat(300) } }));
    const { data, total } = await list(store!);
    expect(total).toBe(2);
    expect(data.map((e) => e.action)).toEqual(['user.update', 'auth.login_nik']);
    expect(data[0]).toMatchObject({
      at: new Date(NOW).toISOString(),
      actor_id: 7,
      actor_nik: '100007',
      target_type: 'user',
      target_id: '42',
      result: 'done',
      status: 200,
      changes: [{ field: 'Nama', before: 'Budi', after: 'Budi Santoso' }],
      ip: '10.0.0.7',
    });
    // Labels are clipped as recorded.
    expect(data[0]?.target_label).toHaveLength(255);
    expect(data[1]?.changes).toEqual([]);
    expect(typeof data[0]?.id).toBe('number');
  });

  it('filters by kind of action, user, result, day and keyword (any case)', async () => {
    const [store] = await stores.storesOn(kind);
    await recordEvent(store!.db, event({ at: NOW - 3 * DAY, action: 'auth.login_nik', result: 'failed' }));
    await recordEvent(store!.db, event({ at: NOW - DAY, action: 'user.create' }));
    await recordEvent(
      store!.db,
      event({ action: 'role.update', actor: { id: 9, nik: '100009', name: 'Andi' }, target: null }),
    );
    const actions = async (query: AuditListQuery) => (await list(store!, query)).data.map((e) => e.action);
    expect(await actions({ action: 'user' })).toEqual(['user.create']);
    expect(await actions({ action: 'auth.login_nik' })).toEqual(['auth.login_nik']);
    expect(await actions({ result: 'failed' })).toEqual(['auth.login_nik']);
    expect(await actions({ user: 42 })).toEqual(['user.create', 'auth.login_nik']);
    expect(await actions({ user: 9 })).toEqual(['role.update']);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(await actions({ from: day(NOW - DAY), to: day(NOW - DAY) })).toEqual(['user.create']);
    expect(await actions({ keyword: 'SITI rah' })).toEqual(['user.create', 'auth.login_nik']);
    expect(await actions({ keyword: 'budi' })).toEqual(['user.create', 'auth.login_nik']);
    expect(await actions({ keyword: '100009' })).toEqual(['role.update']);
    // LIKE's wildcards are literal characters in a keyword.
    expect(await actions({ keyword: '%' })).toEqual([]);
    expect(await actions({ sort: 'asc', perPage: 2 })).toEqual(['auth.login_nik', 'user.create']);
    expect(await actions({ sort: 'asc', perPage: 2, page: 2 })).toEqual(['role.update']);
  });

  it('reads an export in keyset slices, in order, up to the maximum', async () => {
    const [store] = await stores.storesOn(kind);
    // Pairs of events at the same instant: the keyset must order by id within one time.
    for (let i = 0; i < 7; i += 1)
      await recordEvent(store!.db, event({ at: NOW + Math.floor(i / 2), status: i }));
    const read = async (query: AuditListQuery, max: number) => {
      const slices: number[][] = [];
      for await (const slice of eventsInSlices(store!, params(query), max, 3))
        slices.push(slice.map((e) => e.status));
      return slices;
    };
    expect(await read({ sort: 'asc' }, 100)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(await read({}, 5)).toEqual([
      [6, 5, 4],
      [3, 2],
    ]);
  });

  it('refuses UPDATE and DELETE of an event; the retention prune alone deletes, only old events', async () => {
    const [store] = await stores.storesOn(kind);
    await recordEvent(store!.db, event({ at: NOW - 400 * DAY }));
    await recordEvent(store!.db, event({ at: NOW - 300 * DAY }));
    await expect(sql`UPDATE audit_events SET result = 'failed'`.execute(store!.db)).rejects.toMatchObject(
      appendOnly,
    );
    await expect(sql`DELETE FROM audit_events`.execute(store!.db)).rejects.toMatchObject(appendOnly);
    expect(await count(store!)).toBe(2);
    expect(await pruneEvents(store!, NOW, 365)).toBe(1);
    expect(await count(store!)).toBe(1);
    // The guard is back after the prune: a plain DELETE is refused again.
    await expect(sql`DELETE FROM audit_events`.execute(store!.db)).rejects.toMatchObject(appendOnly);
    expect(await count(store!)).toBe(1);
  });

  it('two instances recording and pruning at once: every recent event kept, ids never repeated', async () => {
    const instances = await stores.storesOn(kind, 2);
    await Promise.all(
      instances.flatMap((store, n) => [
        ...Array.from({ length: 20 }, (_, i) =>
          recordEvent(store.db, event({ at: NOW - i, status: n * 100 + i })),
        ),
        recordEvent(store.db, event({ at: NOW - 500 * DAY })),
        pruneEvents(store, NOW, 365),
      ]),
    );
    await pruneEvents(instances[0]!, NOW, 365);
    const { data, total } = await list(instances[1]!, { perPage: 100 });
    expect(total).toBe(40);
    expect(new Set(data.map((e) => e.id)).size).toBe(40);
  });
});

/**
 * Two companies, an own-scope administrator (id 1) of the first, a user of each (2: inside, 3:
 * outside).
 */
async function scopedFixture(store: Store) {
  await referenceTables(store);
  await sql`DELETE FROM user_branches`.execute(store.db);
  await sql`DELETE FROM user_companies`.execute(store.db);
  await sql`DELETE FROM users`.execute(store.db);
  await sql`DELETE FROM branches`.execute(store.db);
  await sql`DELETE FROM companies`.execute(store.db);
  await sql`INSERT INTO companies (id, nama, sort_key, logo_file) VALUES (901, 'PT Satu', 'satu', 'a.svg'),
    (902, 'PT Dua', 'dua', 'b.svg')`.execute(store.db);
  await sql`INSERT INTO branches (id, company_id, name, daerah, kode) VALUES (9011, 901, 'Satu A', 'X', 'SA'),
    (9021, 902, 'Dua A', 'Y', 'DA')`.execute(store.db);
  const at = new Date(NOW).toISOString();
  const roleId = await insertRole(store, {
    name: 'Admin PT',
    nameKey: 'admin pt scoped',
    position: 99,
    at,
    adminScope: 'own',
  });
  const user = (id: number, nik: string) => ({
    id,
    nama: `User ${id}`,
    nik,
    phone: '0812',
    email: '',
    role_id: roleId,
    created_at: at,
    updated_at: at,
  });
  await store.db
    .insertInto('users')
    .values([user(9001, 'S9001'), user(9002, 'S9002'), user(9003, 'S9003')])
    .execute();
  await store.db
    .insertInto('user_companies')
    .values([
      { user_id: 9001, company_id: 901 },
      { user_id: 9002, company_id: 901 },
      { user_id: 9003, company_id: 902 },
    ])
    .execute();
}

describe.each<StoreKind>(STORE_KINDS)('a scoped reader of Log Aktivitas on %s', (kind) => {
  it('sees events of their users and their own, not those naming a user outside', async () => {
    const [store] = await stores.storesOn(kind);
    await scopedFixture(store!);
    const target = (id: number) => ({ type: 'user', id: String(id), label: `User ${id}` });
    await recordEvent(store!.db, event({ at: NOW - 4, actor: null, target: target(9002), status: 1 }));
    await recordEvent(store!.db, event({ at: NOW - 3, actor: null, target: target(9003), status: 2 }));
    await recordEvent(
      store!.db,
      event({ at: NOW - 2, actor: { id: 9001, nik: 'S9001', name: 'A' }, target: null, status: 3 }),
    );
    // The actor's refused try at an outside user: it must not tell them that user's name.
    await recordEvent(
      store!.db,
      event({ at: NOW - 1, actor: { id: 9001, nik: 'S9001', name: 'A' }, target: target(9003), status: 4 }),
    );
    await recordEvent(
      store!.db,
      event({ at: NOW, actor: null, target: { type: 'application', id: 'abc', label: 'App' }, status: 5 }),
    );
    const scope = await actorScopeOf(store!, 9001);
    expect(scope).toMatchObject({ kind: 'own', companies: new Set([901]), branches: new Set([9011]) });
    const users = scopeFilter(store!.admin, scope);
    if (!users) throw new Error('an own scope has a filter');
    const { data, total } = await listEvents(store!, params(), { users, actorId: 9001 });
    expect(data.map((e) => e.status)).toEqual([3, 1]);
    expect(total).toBe(2);
    expect((await list(store!)).total).toBe(5);

    // Holding one unit of PT Satu, the actor reaches only its users of that unit: 9002, of the
    // whole company, is wider than them until it holds the unit too.
    await store!.db
      .insertInto('user_branches')
      .values({ user_id: 9001, company_id: 901, branch_id: 9011 })
      .execute();
    const narrower = await actorScopeOf(store!, 9001);
    expect(narrower).toMatchObject({ restricted: new Set([901]) });
    const statuses = async () =>
      (
        await listEvents(store!, params(), { users: scopeFilter(store!.admin, narrower)!, actorId: 9001 })
      ).data.map((e) => e.status);
    expect(await statuses()).toEqual([3]);
    await store!.db
      .insertInto('user_branches')
      .values({ user_id: 9002, company_id: 901, branch_id: 9011 })
      .execute();
    expect(await statuses()).toEqual([3, 1]);
  });
});

describe('append-only on PostgreSQL', () => {
  it('refuses TRUNCATE, which fires no row trigger', async () => {
    const [store] = await stores.storesOn('postgres');
    await recordEvent(store!.db, event());
    await expect(sql`TRUNCATE audit_events`.execute(store!.db)).rejects.toMatchObject(appendOnly);
    expect(await count(store!)).toBe(1);
  });
});
