/**
 * Privilege boundaries (issue 18): actor role × target role × action, with the expected status
 * derived from the rules: the route's level first (ADMIN_ROUTES), then rule 1/2 (the actor's role
 * must cover what the write gives or touches, 403), rule 3 (no self-change of role, no self-delete,
 * 403) and rule 4 (the panel keeps an active owner of User and Role Management, 409).
 */
import {
  ACCESS_DENIED_MESSAGE,
  USER_TAKEOVER_MESSAGE,
  paths,
  roleListResponseSchema,
  roleResponseSchema,
  userListResponseSchema,
  userResponseSchema,
  type Role,
  type RolePayload,
} from '@sso/shared/contract';
import { createRolePayload, createUserPayload, grantsPayload } from '../test-support/factories';
import {
  ADMIN,
  MODIFIER,
  MODIFIER_2,
  VIEWER,
  call,
  expectError,
  expectOk,
  openSession,
  type CallOptions,
} from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();

type ActorName = 'owner' | 'modifier' | 'modifier2' | 'panelOwner' | 'viewer';
type TargetName =
  | 'Super Admin'
  | 'Admin'
  | 'Viewer'
  | 'HR Manager'
  | 'Finance Staff'
  | 'Admin User'
  | 'Pemilik Panel'
  | 'Uji Lemah';

/** Seeded role ids (api/src/db/seed/data.ts); the last two are made by this test. */
const SEEDED_ROLE_IDS: Partial<Record<TargetName, number>> = {
  'Super Admin': 1,
  Admin: 2,
  Viewer: 3,
  'HR Manager': 4,
  'Finance Staff': 5,
  'Admin User': 7,
};
/** A directory user with a password, given the test's "Pemilik Panel" role to act as that actor. */
const PANEL_OWNER = { id: 6, nik: '100006', password: 'password123' } as const;

/**
 * What each actor's role covers, written out from the seed (not computed): Super Admin owns
 * everything; Admin holds the panel, HRIS and Inventory as a modifier; Admin User holds Finance as
 * a modifier and the other apps as a viewer; Pemilik Panel owns User and Role Management of app 1
 * only; Uji Lemah is Home of app 1 as a viewer.
 */
const COVERS: Record<ActorName, readonly TargetName[]> = {
  owner: [
    'Super Admin',
    'Admin',
    'Viewer',
    'HR Manager',
    'Finance Staff',
    'Admin User',
    'Pemilik Panel',
    'Uji Lemah',
  ],
  modifier: ['Admin', 'Uji Lemah'],
  modifier2: ['Viewer', 'Finance Staff', 'Admin User', 'Uji Lemah'],
  panelOwner: ['Pemilik Panel', 'Uji Lemah'],
  viewer: ['Viewer', 'Uji Lemah'],
};

/** What each actor's level allows on users and roles (the route check, before any rule). */
const LEVEL: Record<ActorName, { users: 'view' | 'edit' | 'delete'; roles: 'view' | 'edit' | 'delete' }> = {
  owner: { users: 'delete', roles: 'delete' },
  modifier: { users: 'edit', roles: 'edit' },
  modifier2: { users: 'edit', roles: 'view' },
  panelOwner: { users: 'delete', roles: 'delete' },
  viewer: { users: 'view', roles: 'view' },
};

const ACTORS = Object.keys(LEVEL) as ActorName[];
const TARGETS = Object.keys(COVERS.owner.reduce((all, name) => ({ ...all, [name]: 1 }), {})) as TargetName[];

type Action =
  | 'create user'
  | 'edit nama'
  | 'edit nik'
  | 'edit phone'
  | 'edit email'
  | 'edit perusahaan'
  | 'edit role to Uji Lemah'
  | 'give role'
  | 'delete user'
  | 'bulk delete users'
  | 'create role'
  | 'edit role'
  | 'raise role'
  | 'delete role';

const USER_ACTIONS: readonly Action[] = [
  'create user',
  'edit nama',
  'edit nik',
  'edit phone',
  'edit email',
  'edit perusahaan',
  'edit role to Uji Lemah',
  'give role',
  'delete user',
  'bulk delete users',
];
const ROLE_ACTIONS: readonly Action[] = ['create role', 'edit role', 'raise role', 'delete role'];

/** The expected status, from the rules. */
function expected(actor: ActorName, action: Action, target: TargetName): 200 | 201 | 403 {
  const covered = COVERS[actor].includes(target);
  const level = LEVEL[actor];
  const rank = { view: 0, edit: 1, delete: 2 } as const;
  const isRole = ROLE_ACTIONS.includes(action);
  const needs = action.startsWith('delete') || action.startsWith('bulk') ? 'delete' : 'edit';
  if (rank[isRole ? level.roles : level.users] < rank[needs]) return 403;
  // Bulk: the other id is an "Uji Lemah" user, covered by every writer; one refused id refuses all.
  if (!covered) return 403;
  return action === 'create user' || action === 'create role' ? 201 : 200;
}

const sessions = new Map<ActorName, Promise<string>>();
function tokenOf(actor: ActorName): Promise<string> {
  let token = sessions.get(actor);
  if (!token) {
    const account = {
      owner: ADMIN,
      modifier: MODIFIER,
      modifier2: MODIFIER_2,
      panelOwner: PANEL_OWNER,
      viewer: VIEWER,
    }[actor];
    token = openSession(t.app, account).then((s) => s.accessToken);
    sessions.set(actor, token);
  }
  return token;
}

const as = async (
  actor: ActorName,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
) => call(t.app, method, path, { ...options, token: await tokenOf(actor) });

const roleIds = new Map<TargetName, number>(Object.entries(SEEDED_ROLE_IDS) as Array<[TargetName, number]>);
const roleIdOf = (name: TargetName) => {
  const id = roleIds.get(name);
  if (id === undefined) throw new Error(`no role ${name}`);
  return id;
};

const rolesByName = new Map<string, Role>();
async function loadRoles() {
  const list = await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { perPage: 100 } });
  for (const role of expectOk(list, roleListResponseSchema).data) rolesByName.set(role.name, role);
}
const roleNamed = (name: TargetName) => {
  const role = rolesByName.get(name);
  if (!role) throw new Error(`no role ${name}`);
  return role;
};

/** App 1's menu ids by name (for the roles this test makes). */
async function panelMenuIds(): Promise<Map<string, number>> {
  const superAdmin = roleNamed('Super Admin').applications.find((a) => a.apps_id === 1);
  return new Map(
    (superAdmin?.menus ?? []).flatMap((m) => [
      [m.name, m.id] as const,
      ...m.children.map((c) => [c.name, c.id] as const),
    ]),
  );
}

const newUser = async (role: TargetName) =>
  expectOk(
    await call(t.app, 'POST', paths.users.create, {
      token: t.token,
      body: createUserPayload({ role_ids: [roleIdOf(role)] }),
    }),
    userResponseSchema,
    201,
  ).data;

const newRole = async (applications: RolePayload['applications']) =>
  expectOk(
    await call(t.app, 'POST', paths.roles.create, {
      token: t.token,
      body: createRolePayload({ applications }),
    }),
    roleResponseSchema,
    201,
  ).data.id;

beforeAll(async () => {
  await loadRoles();
  const ids = await panelMenuIds();
  const id = (name: string) => ids.get(name) ?? -1;
  const owned = (menu: string, children: string[]) => ({
    id: id(menu),
    access_level: 1 as const,
    children: children.map((c) => ({ id: id(c), access_level: 1 as const })),
  });
  roleIds.set(
    'Pemilik Panel',
    expectOk(
      await call(t.app, 'POST', paths.roles.create, {
        token: t.token,
        body: createRolePayload({
          name: 'Pemilik Panel',
          applications: [
            {
              apps_id: 1,
              menus: [
                { id: id('Home'), access_level: 3, children: [] },
                owned('User Management', ['Daftar User', 'Tambah User']),
                owned('Role Management', ['Daftar Role', 'Tambah Role']),
              ],
            },
          ],
        }),
      }),
      roleResponseSchema,
      201,
    ).data.id,
  );
  roleIds.set(
    'Uji Lemah',
    expectOk(
      await call(t.app, 'POST', paths.roles.create, {
        token: t.token,
        body: createRolePayload({
          name: 'Uji Lemah',
          applications: [{ apps_id: 1, menus: [{ id: id('Home'), access_level: 3, children: [] }] }],
        }),
      }),
      roleResponseSchema,
      201,
    ).data.id,
  );
  expectOk(
    await call(t.app, 'PATCH', paths.users.update(PANEL_OWNER.id), {
      token: t.token,
      body: { role_ids: [roleIdOf('Pemilik Panel')] },
    }),
    userResponseSchema,
  );
  await loadRoles();
});

/** Runs one action and answers its status; checks that a refusal changed nothing. */
async function run(actor: ActorName, action: Action, target: TargetName): Promise<number> {
  switch (action) {
    case 'create user':
      return (
        await as(actor, 'POST', paths.users.create, {
          body: createUserPayload({ role_ids: [roleIdOf(target)] }),
        })
      ).statusCode;
    case 'edit nama':
    case 'edit nik':
    case 'edit phone':
    case 'edit email':
    case 'edit perusahaan':
    case 'edit role to Uji Lemah': {
      const user = await newUser(target);
      const changes = {
        'edit nama': { nama: 'Nama Diganti' },
        'edit nik': { nik: String(Number(user.nik) + 50_000) },
        'edit phone': { phone: `0877${user.nik.padStart(8, '0')}` },
        'edit email': { email: `ganti.${user.nik}@sso.local` },
        'edit perusahaan': { perusahaan: [{ perusahaan_id: 2, perusahaan_name: 'AP 2', cabang: [] }] },
        'edit role to Uji Lemah': { role_ids: [roleIdOf('Uji Lemah')] },
      }[action];
      const reply = await as(actor, 'PATCH', paths.users.update(user.id), { body: changes });
      if (reply.statusCode === 403) await expectUserUnchanged(user.id, user.nik, roleIdOf(target));
      return reply.statusCode;
    }
    case 'give role': {
      const user = await newUser('Uji Lemah');
      const reply = await as(actor, 'PATCH', paths.users.update(user.id), {
        body: { role_ids: [roleIdOf(target)] },
      });
      if (reply.statusCode === 403) await expectUserUnchanged(user.id, user.nik, roleIdOf('Uji Lemah'));
      return reply.statusCode;
    }
    case 'delete user': {
      const user = await newUser(target);
      const reply = await as(actor, 'DELETE', paths.users.remove(user.id));
      if (reply.statusCode === 403) await expectUserUnchanged(user.id, user.nik, roleIdOf(target));
      return reply.statusCode;
    }
    case 'bulk delete users': {
      const [user, weak] = [await newUser(target), await newUser('Uji Lemah')];
      const reply = await as(actor, 'DELETE', paths.users.bulkRemove, { body: { ids: [weak.id, user.id] } });
      if (reply.statusCode === 403) {
        // All or nothing: the covered user is still there too; the message names the refused one.
        await expectUserUnchanged(weak.id, weak.nik, roleIdOf('Uji Lemah'));
        const { message } = expectError(reply, 403);
        if (message !== ACCESS_DENIED_MESSAGE)
          expect(message).toBe(`${USER_TAKEOVER_MESSAGE}: ${user.nama} (${user.nik})`);
      }
      return reply.statusCode;
    }
    case 'create role':
      return (
        await as(actor, 'POST', paths.roles.create, {
          body: createRolePayload({ applications: grantsPayload(roleNamed(target)) }),
        })
      ).statusCode;
    case 'edit role': {
      // A copy of the target's grants, so the seeded roles stay as they are.
      const id = await newRole(grantsPayload(roleNamed(target)));
      return (await as(actor, 'PATCH', paths.roles.update(id), { body: { descriptions: 'Diubah' } }))
        .statusCode;
    }
    case 'raise role': {
      // A role every writer covers, raised to the target's grants.
      const id = await newRole(grantsPayload(roleNamed('Uji Lemah')));
      const reply = await as(actor, 'PATCH', paths.roles.update(id), {
        body: { applications: grantsPayload(roleNamed(target)) },
      });
      if (reply.statusCode === 403) await expectRoleGrants(id, roleNamed('Uji Lemah'));
      return reply.statusCode;
    }
    case 'delete role':
      return (await as(actor, 'DELETE', paths.roles.remove(await newRole(grantsPayload(roleNamed(target))))))
        .statusCode;
  }
}

async function expectUserUnchanged(id: number, nik: string, roleId: number) {
  const list = await call(t.app, 'GET', paths.users.list, { token: t.token, query: { keyword: nik } });
  const row = expectOk(list, userListResponseSchema).data.find((u) => u.id === id);
  expect(row?.role_id).toBe(roleId);
}

async function expectRoleGrants(id: number, like: Role) {
  const list = await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { perPage: 100 } });
  const role = expectOk(list, roleListResponseSchema).data.find((r) => r.id === id);
  expect(grantsPayload({ ...like, applications: role?.applications ?? [] })).toEqual(grantsPayload(like));
}

describe.each(ACTORS)('actor %s', (actor) => {
  const cases = [...USER_ACTIONS, ...ROLE_ACTIONS].flatMap((action) =>
    TARGETS.map((target) => [action, target, expected(actor, action, target)] as const),
  );
  it.each(cases)('%s %s → %i', async (action, target, status) => {
    expect(await run(actor, action, target)).toBe(status);
  });
});
