/**
 * Privilege boundaries (issue 18) and administration per company (issue 32), model-based: random
 * sequences of user and role writes and reads by random actors, of random scopes, against the real
 * api. The model also holds each role's scope and each user's companies and units: no answer or
 * write may cross a scope (a read lists exactly the users the actor reaches, by id 404 otherwise). A model of the roles (their grants) and users (their role) predicts
 * each answer from the rules (route level, self-change, cover, in-use, last owner); the api must
 * answer exactly that, a refusal must change nothing (the model and the api's lists still agree
 * after every sequence), and after every step someone active still owns User and Role Management.
 * A success is only ever predicted when the actor covered what the write gave or touched, so no
 * sequence can leave anyone holding a grant stronger than a covering actor gave.
 */
import fc from 'fast-check';
import {
  PANEL_ACTIONS,
  PANEL_KEEPER_MENUS,
  canDo,
  covers,
  paths,
  roleListQuerySchema,
  roleListResponseSchema,
  userListQuerySchema,
  type AdminScope,
  type GrantedApp,
  type PanelAction,
  type Role,
  type RolePayload,
} from '@sso/shared/contract';
import { openDatabase } from '../db/database';
import { sqliteStore } from '../db/store';
import { listRoles } from '../roles/role-queries';
import { listUsers } from '../users/user-queries';
import { createUserPayload } from '../test-support/factories';
import { ADMIN, call, expectOk, openSession, type Reply } from '../test-support/http';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The api of the current run: each run starts from a fresh seeded database. */
const t = { app: undefined as unknown as TestApp['app'], token: '', dbFile: '' };

type Level = 1 | 2 | 3;
type Tree = GrantedApp[];

/** Accounts with a password, by user id: the actors. */
const ACTORS = new Map<number, { nik: string; password: string }>([
  [1, { nik: '100001', password: 'admin123' }],
  [2, { nik: '100002', password: 'password123' }],
  [4, { nik: '100004', password: 'password123' }],
  [5, { nik: '100005', password: 'password123' }],
  [6, { nik: '100006', password: 'password123' }],
]);
const ACTOR_IDS = [...ACTORS.keys()];

interface Model {
  roles: Map<number, Tree>;
  /** Role id → how far its administrative menus reach (issue 32). */
  scopes: Map<number, AdminScope>;
  /** User id → role id (every user counts as active: nobody is deactivated here). */
  users: Map<number, number>;
  /** User id → their companies, each with its units (none: the whole company). */
  links: Map<number, Map<number, Set<number>>>;
}

/** The menus the generator grants: app 1's keeper menus and Home, and the first menu of app 2. */
interface CatalogueMenu {
  appId: number;
  id: number;
  key?: string | null;
  name: string;
  children: Array<{ id: number; key?: string | null; name: string }>;
}
let catalogue: CatalogueMenu[] = [];

const toTree = (role: Role): Tree =>
  role.applications.map((app) => ({
    apps_id: app.apps_id,
    menus: app.menus.map((m) => ({
      key: m.key ?? null,
      name: m.name,
      acces_level: m.acces_level,
      children: m.children.map((c) => ({ key: c.key ?? null, name: c.name, acces_level: c.acces_level })),
    })),
  }));

/**
 * What the api stores, read from its database file (not through a session: any account, the
 * administrator's included, may be deleted by a covering actor during a run).
 */
async function readState(): Promise<Model> {
  const db = openDatabase(t.dbFile);
  try {
    const logoUrl = (file: string) => `http://api.test/static/logos/${file}`;
    const roles = (await listRoles(sqliteStore(db), roleListQuerySchema.parse({ perPage: 1000 }), logoUrl))
      .data;
    const users = (await listUsers(sqliteStore(db), userListQuerySchema.parse({ perPage: 1000 }), logoUrl))
      .data;
    return {
      roles: new Map(roles.map((role) => [role.id, toTree(role)])),
      scopes: new Map(roles.map((role) => [role.id, role.admin_scope ?? 'group'])),
      users: new Map(users.map((user) => [user.id, user.role_id])),
      links: new Map(
        users.map((user) => [
          user.id,
          new Map(user.perusahaan.map((c) => [c.perusahaan_id, new Set(c.cabang.map((b) => b.cabang_id))])),
        ]),
      ),
    };
  } finally {
    db.close();
  }
}

/** Rule 4 in the model: someone owns every keeper menu and its sub-menus (from the catalogue). */
function panelKept(model: Model): boolean {
  const keepers = catalogue.filter((m) => m.appId === 1 && PANEL_KEEPER_MENUS.some((k) => k === m.name));
  const owns = (tree: Tree) =>
    keepers.every((menu) => {
      const granted = tree.find((a) => Number(a.apps_id) === 1)?.menus.find((m) => m.name === menu.name);
      return (
        granted?.acces_level === 1 &&
        menu.children.every((c) => granted.children?.find((g) => g.name === c.name)?.acces_level === 1)
      );
    });
  return [...model.users.values()].some((roleId) => owns(model.roles.get(roleId) ?? []));
}

/**
 * Administration per company (issue 32), written out from the rule rather than from the api's code:
 * a scoped actor reaches a user when the user has a company, each of theirs is one of the actor's,
 * and where the actor holds some units of a company the user holds units there, all of them the
 * actor's. A group-wide actor reaches everyone that exists.
 */
function reaches(model: Model, actorId: number, targetId: number): boolean {
  if (!model.users.has(targetId)) return false;
  if (model.scopes.get(model.users.get(actorId) ?? 0) !== 'own') return true;
  const mine = model.links.get(actorId) ?? new Map<number, Set<number>>();
  const theirs = model.links.get(targetId) ?? new Map<number, Set<number>>();
  if (theirs.size === 0) return false;
  return [...theirs].every(([company, units]) => {
    const own = mine.get(company);
    if (own === undefined) return false;
    return own.size === 0 || (units.size > 0 && [...units].every((unit) => own.has(unit)));
  });
}

/** Whether the scoped actor may name these companies (whole) in a payload. */
function mayLink(model: Model, actorId: number, companies: readonly number[]): boolean {
  if (model.scopes.get(model.users.get(actorId) ?? 0) !== 'own') return true;
  const mine = model.links.get(actorId) ?? new Map<number, Set<number>>();
  return companies.length > 0 && companies.every((company) => mine.get(company)?.size === 0);
}

/** A role administers when it grants any menu of app 1 but Home. */
const administers = (tree: Tree) =>
  tree.some((app) => Number(app.apps_id) === 1 && app.menus.some((menu) => menu.name !== 'Home'));

/** No escalation by scope: a scoped actor covers no group-wide role that administers. */
function scopeCovers(model: Model, actorId: number, roleScope: AdminScope, tree: Tree): boolean {
  return (
    model.scopes.get(model.users.get(actorId) ?? 0) !== 'own' || roleScope === 'own' || !administers(tree)
  );
}

/** A random grant: per catalogue menu, absent or at a level; per sub-menu likewise (under a granted menu). */
const grantArb = fc.array(fc.constantFrom<Level | 0>(0, 1, 2, 3), { minLength: 20, maxLength: 20 });

function grantsFrom(levels: Array<Level | 0>): { payload: RolePayload['applications']; tree: Tree } {
  let i = 0;
  const take = () => levels[i++ % levels.length] ?? 0;
  const payload: RolePayload['applications'] = [];
  const tree: Tree = [];
  for (const appId of [...new Set(catalogue.map((m) => m.appId))]) {
    const menus = catalogue.filter((m) => m.appId === appId);
    const chosen = menus.flatMap((menu) => {
      const level = take();
      const children = menu.children.flatMap((c) => {
        const childLevel = take();
        return childLevel === 0 ? [] : [{ ...c, level: childLevel }];
      });
      return level === 0 ? [] : [{ ...menu, level, chosenChildren: children }];
    });
    if (chosen.length === 0 && take() === 0) continue;
    payload.push({
      apps_id: appId,
      menus: chosen.map((m) => ({
        id: m.id,
        access_level: m.level,
        children: m.chosenChildren.map((c) => ({ id: c.id, access_level: c.level })),
      })),
    });
    tree.push({
      apps_id: appId,
      menus: chosen.map((m) => ({
        key: m.key ?? null,
        name: m.name,
        acces_level: m.level,
        children: m.chosenChildren.map((c) => ({ key: c.key ?? null, name: c.name, acces_level: c.level })),
      })),
    });
  }
  // A role grants at least one application (the contract's minimum).
  if (payload.length === 0) {
    payload.push({ apps_id: 2, menus: [] });
    tree.push({ apps_id: 2, menus: [] });
  }
  return { payload, tree };
}

type Command =
  | { kind: 'createUser'; actor: number; role: number; companies: number[] }
  | { kind: 'readUsers'; actor: number; target: number }
  | { kind: 'setUserRole'; actor: number; target: number; role: number }
  | { kind: 'deleteUser'; actor: number; target: number }
  | { kind: 'createRole'; actor: number; grants: Array<Level | 0>; scope: AdminScope }
  | { kind: 'editRole'; actor: number; role: number; grants: Array<Level | 0> }
  | { kind: 'deleteRole'; actor: number; role: number };

// The administrator acts more often: most writes of the others are refused by their level.
const actorArb = fc.constantFrom(1, 1, 1, 2, 4, 4, 5, 6);
const pick = fc.nat({ max: 1000 });
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('createUser' as const),
    actor: actorArb,
    role: pick,
    // Companies of the seed (1-7): PT Arta Boga Cemerlang (2) is the scoped administrator's.
    companies: fc.uniqueArray(fc.constantFrom(1, 2, 2, 3), { minLength: 1, maxLength: 2 }),
  }),
  fc.record({ kind: fc.constant('readUsers' as const), actor: actorArb, target: pick }),
  fc.record({ kind: fc.constant('setUserRole' as const), actor: actorArb, target: pick, role: pick }),
  fc.record({ kind: fc.constant('deleteUser' as const), actor: actorArb, target: pick }),
  fc.record({
    kind: fc.constant('createRole' as const),
    actor: actorArb,
    grants: grantArb,
    scope: fc.constantFrom<AdminScope>('group', 'own'),
  }),
  // Half of the role edits are of the actor's own role (-1): the way to the last-owner refusal.
  fc.record({
    kind: fc.constant('editRole' as const),
    actor: actorArb,
    role: fc.oneof(fc.constant(-1), pick),
    grants: grantArb,
  }),
  fc.record({ kind: fc.constant('deleteRole' as const), actor: actorArb, role: pick }),
);

const tokens = new Map<number, string>();
let serial = 0;

/** The n-th of a few: the actors and the users made in the run are the likely targets. */
const nth = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(list.length, 1)];

async function step(model: Model, command: Command, made: { users: number[] }): Promise<void> {
  const actorRole = model.users.get(command.actor);
  if (actorRole === undefined) return; // the actor was deleted
  const actorTree = model.roles.get(actorRole) ?? [];
  if (!tokens.has(command.actor)) {
    // Without app 1 no app-1 session opens (session/create answers 403): nothing to do as them.
    if (!actorTree.some((a) => Number(a.apps_id) === 1)) return;
    const account = ACTORS.get(command.actor);
    if (!account) return;
    tokens.set(command.actor, (await openSession(t.app, account)).accessToken);
  }
  const token = tokens.get(command.actor) ?? '';
  const allowed = (action: PanelAction) =>
    canDo(actorTree, PANEL_ACTIONS[action].menu, PANEL_ACTIONS[action].capability);
  const roleIds = [...model.roles.keys()];
  const userPool = [...ACTOR_IDS, ...made.users];
  const coversRole = (roleId: number) =>
    covers(actorTree, model.roles.get(roleId) ?? []) &&
    scopeCovers(model, command.actor, model.scopes.get(roleId) ?? 'group', model.roles.get(roleId) ?? []);
  const reach = (target: number) => reaches(model, command.actor, target);
  let predicted: number;
  let reply: Reply;
  let apply: (() => void) | undefined;
  let revoke: number | undefined;

  switch (command.kind) {
    case 'createUser': {
      const role = nth(roleIds, command.role) ?? 1;
      reply = await call(t.app, 'POST', paths.users.create, {
        token,
        body: createUserPayload({
          role_ids: [role],
          perusahaan: command.companies.map((id) => ({ perusahaan_id: id, cabang: [] })),
        }),
      });
      predicted = !allowed('createUser')
        ? 403
        : !mayLink(model, command.actor, command.companies)
          ? 403
          : !coversRole(role)
            ? 403
            : 201;
      if (predicted === 201) {
        const body = reply.json() as { data?: { id?: number } };
        const id = body.data?.id ?? -1;
        apply = () => {
          model.users.set(id, role);
          model.links.set(id, new Map(command.companies.map((c) => [c, new Set<number>()])));
          made.users.push(id);
        };
      }
      break;
    }
    case 'readUsers': {
      // No answer crosses the scope: the list is exactly the users the actor reaches, and a user
      // by id answers only when reached (404 as an unknown id otherwise).
      const target = nth(userPool, command.target) ?? 1;
      reply = await call(t.app, 'GET', paths.users.detail(target), { token });
      predicted = !allowed('listUsers') ? 403 : reach(target) ? 200 : 404;
      if (allowed('listUsers')) {
        const listed = await call(t.app, 'GET', paths.users.list, { token, query: { perPage: 1000 } });
        const body = listed.json() as { data: Array<{ id: number }>; meta: { total: number } };
        const ids = body.data.map((u) => u.id).sort();
        expect(ids).toEqual([...model.users.keys()].filter((id) => reach(id)).sort());
        // The count (read from the scope's company rows for a scoped actor) is that of the rows.
        expect(body.meta.total).toBe(ids.length);
      }
      break;
    }
    case 'setUserRole': {
      const target = nth(userPool, command.target) ?? 1;
      const role = nth(roleIds, command.role) ?? 1;
      reply = await call(t.app, 'PATCH', paths.users.update(target), { token, body: { role_ids: [role] } });
      const current = model.users.get(target);
      const next = { ...model, users: new Map(model.users).set(target, role) };
      predicted = !allowed('editUser')
        ? 403
        : current === undefined || !reach(target)
          ? 404
          : target === command.actor && role !== current
            ? 403
            : !coversRole(current)
              ? 403
              : role !== current && !coversRole(role)
                ? 403
                : !panelKept(next)
                  ? 409
                  : 200;
      if (predicted === 200) {
        apply = () => model.users.set(target, role);
        if (role !== current && target !== command.actor) revoke = target;
      }
      break;
    }
    case 'deleteUser': {
      const target = nth(userPool, command.target) ?? 1;
      reply = await call(t.app, 'DELETE', paths.users.remove(target), { token });
      const current = model.users.get(target);
      const next = new Map(model.users);
      next.delete(target);
      predicted = !allowed('deleteUser')
        ? 403
        : !reach(target) && (current === undefined || model.scopes.get(actorRole) === 'own')
          ? 404
          : target === command.actor
            ? 403
            : current === undefined
              ? 404
              : !coversRole(current)
                ? 403
                : !panelKept({ ...model, users: next })
                  ? 409
                  : 200;
      if (predicted === 200) {
        apply = () => {
          model.users.delete(target);
          model.links.delete(target);
        };
        revoke = target;
      }
      break;
    }
    case 'createRole': {
      const { payload, tree } = grantsFrom(command.grants);
      const n = (serial += 1);
      reply = await call(t.app, 'POST', paths.roles.create, {
        token,
        body: { name: `Model Role ${n}`, color_id: 1, applications: payload, admin_scope: command.scope },
      });
      predicted = !allowed('createRole')
        ? 403
        : !covers(actorTree, tree) || !scopeCovers(model, command.actor, command.scope, tree)
          ? 403
          : 201;
      if (predicted === 201) {
        const body = reply.json() as { data?: { id?: number } };
        apply = () => {
          model.roles.set(body.data?.id ?? -1, tree);
          model.scopes.set(body.data?.id ?? -1, command.scope);
        };
      }
      break;
    }
    case 'editRole': {
      const role = command.role === -1 ? actorRole : (nth(roleIds, command.role) ?? 1);
      const { payload, tree } = grantsFrom(command.grants);
      reply = await call(t.app, 'PATCH', paths.roles.update(role), {
        token,
        body: { applications: payload },
      });
      const next = { ...model, roles: new Map(model.roles).set(role, tree) };
      predicted = !allowed('editRole')
        ? 403
        : !coversRole(role)
          ? 403
          : !covers(actorTree, tree) ||
              !scopeCovers(model, command.actor, model.scopes.get(role) ?? 'group', tree)
            ? 403
            : !panelKept(next)
              ? 409
              : 200;
      if (predicted === 200) apply = () => model.roles.set(role, tree);
      break;
    }
    case 'deleteRole': {
      const role = nth(roleIds, command.role) ?? 1;
      reply = await call(t.app, 'DELETE', paths.roles.remove(role), { token });
      const inUse = [...model.users.values()].includes(role);
      predicted = !allowed('deleteRole') ? 403 : !coversRole(role) ? 403 : inUse ? 409 : 200;
      if (predicted === 200) {
        apply = () => {
          model.roles.delete(role);
          model.scopes.delete(role);
        };
      }
      break;
    }
  }

  expect({ command, status: reply.statusCode, body: reply.body.slice(0, 200) }).toEqual({
    command,
    status: predicted,
    body: expect.any(String),
  });
  apply?.();
  if (revoke !== undefined) {
    const old = tokens.get(revoke);
    tokens.delete(revoke);
    if (old) expect((await call(t.app, 'GET', paths.session.me, { token: old })).statusCode).toBe(401);
  }
  expect(panelKept(model)).toBe(true);
}

async function readCatalogue(): Promise<void> {
  const superAdmin = expectOk(
    await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { perPage: 100 } }),
    roleListResponseSchema,
  ).data.find((role) => role.id === 1);
  const menusOf = (appId: number) => superAdmin?.applications.find((a) => a.apps_id === appId)?.menus ?? [];
  catalogue = [
    ...menusOf(1)
      .filter((m) => m.name === 'Home' || PANEL_KEEPER_MENUS.some((k) => k === m.name))
      .map((m) => ({ appId: 1, id: m.id, key: m.key, name: m.name, children: m.children })),
    ...menusOf(2)
      .slice(0, 1)
      .map((m) => ({ appId: 2, id: m.id, key: m.key, name: m.name, children: m.children.slice(0, 2) })),
  ];
}

it('random writes by random actors: every answer as the rules predict, nothing partly written, the panel always owned', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(commandArb, { minLength: 5, maxLength: 40 }), async (commands) => {
      const run = await createTestApp();
      try {
        t.app = run.app;
        t.token = (await openSession(run.app, ADMIN)).accessToken;
        t.dbFile = run.dbFile;
        tokens.clear();
        tokens.set(1, t.token);
        if (catalogue.length === 0) await readCatalogue();
        await sequence(commands);
      } finally {
        await run.close();
      }
    }),
    // A failure prints its seed and path: replay with `{ seed, path, endOnFailure: true }` here.
    { numRuns: 20 },
  );
}, 120_000);

/** One run: the commands in order, then the api's state must be the model's. */
async function sequence(commands: Command[]): Promise<void> {
  const model = await readState();
  const made = { users: [] as number[] };
  for (const command of commands) await step(model, command, made);
  // Refusals and rollbacks left nothing behind: the api's state is the model's.
  const actual = await readState();
  expect(actual.users).toEqual(model.users);
  expect([...actual.roles.keys()].sort()).toEqual([...model.roles.keys()].sort());
  for (const [id, tree] of model.roles) {
    const stored = actual.roles.get(id);
    expect(covers(stored, tree) && covers(tree, stored)).toBe(true);
  }
}
