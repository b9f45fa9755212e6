import Fastify from 'fastify';
import {
  ACCESS_DENIED_MESSAGE,
  ACCESS_LEVEL,
  API_PREFIX,
  PANEL_MENU,
  SESSION_INVALID_MESSAGE,
  allows,
  applicationDetailResponseSchema,
  accessMapPaths,
  auditPaths,
  importCheckResponseSchema,
  USER_CSV_COLUMNS,
  userBulkPaths,
  menuWithChildResponseSchema,
  meResponseSchema,
  paths,
  twoStepPaths,
  roleResponseSchema,
  userResponseSchema,
  type AccessLevel,
  type RolePayload,
} from '@sso/shared/contract';
import { createApplicationPayload, createRolePayload, createUserPayload } from '../test-support/factories';
import {
  ADMIN,
  MODIFIER,
  NO_PANEL,
  VIEWER,
  call,
  callRoot,
  expectError,
  expectOk,
  loginWithNik,
  openSession,
  type CallOptions,
  type PanelSession,
} from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';
import { createAccount, sessionsOf, type TestAccount } from '../test-support/accounts';
import { routeFor, session, type Method as AdminMethod } from '../http/route';
import { ADMIN_ROUTES, adminRouteFor, type AdminRoute } from '../routes';
import { installAdminScope } from './admin-access';

const t = useAdminTestApp();

/** Sessions are opened once per account and app (grants are read per request, not per session). */
const opened = new Map<string, Promise<PanelSession>>();
const sessionOf = (account: { nik: string; password: string }, appId = 1) => {
  const key = `${account.nik}/${appId}`;
  let session = opened.get(key);
  if (!session) {
    session = openSession(t.app, account, appId);
    opened.set(key, session);
  }
  return session;
};

describe('ADMIN_ROUTES', () => {
  it('maps every admin route to the menu and capability DESIGN names', () => {
    // Derived from the declarations: compared in a fixed order, whatever order the tables declare.
    const rows = ADMIN_ROUTES.map((r) => [
      `${r.method} ${r.path}`,
      r.requires.map((q) => `${q.menu}:${q.capability}`).join(' | '),
    ]).sort(([a], [b]) => String(a).localeCompare(String(b)));
    const reference = 'Daftar User:view | Daftar Role:view';
    const expected: string[][] = [
      ['GET /api/v1/ap/users/list', 'Daftar User:view'],
      ['GET /api/v1/ap/users/:id', 'Daftar User:view'],
      ['POST /api/v1/ap/users', 'Tambah User:create'],
      ['PATCH /api/v1/ap/users/:id', 'Daftar User:edit'],
      ['DELETE /api/v1/ap/users/:id', 'Daftar User:delete'],
      ['DELETE /api/v1/ap/users/bulk', 'Daftar User:delete'],
      ['GET /api/v1/ap/users/:id/account', 'Daftar User:edit'],
      ['PATCH /api/v1/ap/users/:id/status', 'Daftar User:edit'],
      ['PATCH /api/v1/ap/users/bulk/status', 'Daftar User:edit'],
      ['DELETE /api/v1/ap/users/:id/sessions', 'Daftar User:edit'],
      ['DELETE /api/v1/ap/users/:id/sessions/:sessionId', 'Daftar User:edit'],
      ['DELETE /api/v1/ap/users/:id/lock', 'Daftar User:edit'],
      ['GET /api/v1/ap/users/:id/two-step', 'Daftar User:edit'],
      ['DELETE /api/v1/ap/users/:id/two-step', 'Daftar User:edit'],
      ['GET /api/v1/ap/users/export', 'Daftar User:view'],
      ['GET /api/v1/ap/users/import/template', 'Tambah User:create'],
      ['POST /api/v1/ap/users/import/check', 'Tambah User:create'],
      ['POST /api/v1/ap/users/import/commit', 'Tambah User:create'],
      ['PATCH /api/v1/ap/users/bulk/role', 'Daftar User:edit'],
      ['PATCH /api/v1/ap/users/bulk/companies', 'Daftar User:edit'],
      ['GET /api/v1/ap/role/list', 'Daftar Role:view'],
      ['GET /api/v1/ap/role/detail/:id', 'Daftar Role:view'],
      ['POST /api/v1/ap/role/create', 'Tambah Role:create'],
      ['PATCH /api/v1/ap/role/update/:id', 'Daftar Role:edit'],
      ['DELETE /api/v1/ap/role/delete/:id', 'Daftar Role:delete'],
      ['DELETE /api/v1/ap/role/delete/bulk', 'Daftar Role:delete'],
      ['GET /api/v1/ap/applications/list', 'Daftar Aplikasi:view'],
      ['GET /api/v1/ap/applications/detail/:id', 'Daftar Aplikasi:view'],
      ['POST /api/v1/ap/applications/create', 'Tambah Aplikasi:create'],
      ['PATCH /api/v1/ap/applications/update/:id', 'Daftar Aplikasi:edit'],
      ['DELETE /api/v1/ap/applications/delete/:id', 'Daftar Aplikasi:delete'],
      ['POST /api/v1/ap/applications/sso-secret/:id', 'Daftar Aplikasi:edit'],
      ['POST /api/v1/ap/applications/logo', 'Tambah Aplikasi:create | Daftar Aplikasi:edit'],
      ['GET /api/v1/ap/user-temporary/search', 'Tambah User:create'],
      ['GET /api/v1/ap/role/all', reference],
      ['GET /api/v1/ap/colors', reference],
      ['GET /api/v1/ap/menu/with-child', reference],
      ['GET /api/v1/ap/applications', reference],
      ['GET /company/companies-with-branches', reference],
      ['GET /api/v1/ap/audit/list', 'Log Aktivitas:view'],
      ['GET /api/v1/ap/audit/export', 'Log Aktivitas:view'],
      ['GET /api/v1/ap/access-map/options', 'Peta Akses:view'],
      ['GET /api/v1/ap/access-map/by-place', 'Peta Akses:view'],
      ['GET /api/v1/ap/access-map/by-place/export', 'Peta Akses:view'],
      ['GET /api/v1/ap/access-map/people', 'Peta Akses:view'],
      ['GET /api/v1/ap/access-map/by-person/:id', 'Peta Akses:view'],
      ['GET /api/v1/ap/access-map/by-person/:id/export', 'Peta Akses:view'],
    ];
    expect(rows).toEqual(expected.sort(([a], [b]) => String(a).localeCompare(String(b))));
  });

  it('names only routes the api registers', () => {
    for (const row of ADMIN_ROUTES) {
      expect([row.method, t.app.hasRoute({ method: row.method, url: `${API_PREFIX}${row.path}` })]).toEqual([
        row.method,
        true,
      ]);
    }
  });

  it('answers HEAD as GET', () => {
    expect(adminRouteFor('HEAD', paths.users.list)).toBe(adminRouteFor('GET', paths.users.list));
    expect(adminRouteFor('PUT', paths.users.list)).toBeUndefined();
  });

  const route = routeFor<null>();
  it('stops the api at start when a route in the admin scope is not declared with an admin action', async () => {
    const undeclared = Fastify();
    await expect(
      undeclared.register(
        async (admin) => {
          installAdminScope(admin);
          admin.get('/api/v1/ap/rahasia', async () => ({ rahasia: true }));
        },
        { prefix: API_PREFIX },
      ),
    ).rejects.toThrow(/GET \/api\/v1\/sso\/api\/v1\/ap\/rahasia declares no admin action/);
    await undeclared.close();

    // A declared route whose access is a session only, not an admin action: refused as well.
    const signedIn = route({
      method: 'GET',
      path: '/api/v1/ap/rahasia',
      access: session('access'),
      handler: async () => ({ rahasia: true }),
    });
    const sessionOnly = Fastify();
    await expect(
      sessionOnly.register(
        async (admin) => {
          installAdminScope(admin);
          admin.route({
            method: 'GET',
            url: signedIn.path,
            config: { route: signedIn },
            handler: async () => ({}),
          });
        },
        { prefix: API_PREFIX },
      ),
    ).rejects.toThrow(/declares no admin action/);
    await sessionOnly.close();
  });
});

/** A request every row can be called with successfully by an owner; rows it changes get fresh data. */
/** A request of a row; `token` is the caller's (a request may need something of theirs first). */
type Prepare = (token?: string) => Promise<CallOptions & { path: string }>;

const asOwner = (method: AdminMethod, path: string, options: CallOptions = {}) =>
  call(t.app, method, path, { token: t.token, ...options });
const newUserId = async (roleId = 2) =>
  expectOk(
    await asOwner('POST', paths.users.create, { body: createUserPayload({ role_ids: [roleId] }) }),
    userResponseSchema,
    201,
  ).data.id;
const newRoleId = async () =>
  expectOk(await asOwner('POST', paths.roles.create, { body: createRolePayload() }), roleResponseSchema, 201)
    .data.id;

// Without menus: the owner's role holds the menus it creates, which a modifier's save could not remove.
const newAppId = async () =>
  expectOk(
    await asOwner('POST', paths.applications.create, { body: createApplicationPayload({ menus: [] }) }),
    applicationDetailResponseSchema,
    201,
  ).data.id;
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const newUserWithPassword = () => createAccount(t.app, t.token);
/** Signs `account` in and answers the public id of the session it opened. */
const signInAndFindSession = async (account: TestAccount) => {
  await loginWithNik(t.app, account.nik, account.password);
  const [session] = await sessionsOf(t.app, t.token, account.id);
  if (!session) throw new Error('the sign-in opened no session');
  return { sessionId: session.id };
};

/** An import file of one new Admin user (a role every panel modifier of the seed may give). */
const importFile = () => {
  const user = createUserPayload();
  return `${USER_CSV_COLUMNS.join(',')}\n${user.nik},${user.nama},${user.phone},,Admin,PT. Sinar Niaga Sejahtera,,,,\n`;
};

const requests: Record<string, Prepare> = {
  'GET /api/v1/ap/applications/list': async () => ({ path: paths.applications.list }),
  'GET /api/v1/ap/applications/detail/:id': async () => ({ path: paths.applications.detail(2) }),
  'POST /api/v1/ap/applications/create': async () => ({
    path: paths.applications.create,
    body: createApplicationPayload(),
  }),
  'PATCH /api/v1/ap/applications/update/:id': async () => ({
    path: paths.applications.update(await newAppId()),
    body: createApplicationPayload({ menus: [] }),
  }),
  'DELETE /api/v1/ap/applications/delete/:id': async () => ({
    path: paths.applications.remove(await newAppId()),
  }),
  'POST /api/v1/ap/applications/sso-secret/:id': async () => {
    const sso = { client_type: 'confidential' as const, redirect_uris: ['https://app.example.com/callback'] };
    const body = createApplicationPayload({ menus: [], sso });
    const reply = await asOwner('POST', paths.applications.create, { body });
    return {
      path: paths.applications.regenerateSecret(
        expectOk(reply, applicationDetailResponseSchema, 201).data.id,
      ),
    };
  },
  'POST /api/v1/ap/applications/logo': async () => ({
    path: paths.applications.logo,
    body: { file_name: 'logo.png', data: PNG_1PX },
  }),
  'GET /api/v1/ap/users/list': async () => ({ path: paths.users.list, query: { perPage: 5 } }),
  'GET /api/v1/ap/users/:id': async () => ({ path: paths.users.detail(1) }),
  'POST /api/v1/ap/users': async () => ({ path: paths.users.create, body: createUserPayload() }),
  'PATCH /api/v1/ap/users/:id': async () => ({
    path: paths.users.update(await newUserId()),
    body: { nama: 'Nama Diubah' },
  }),
  'DELETE /api/v1/ap/users/:id': async () => ({ path: paths.users.remove(await newUserId()) }),
  'DELETE /api/v1/ap/users/bulk': async () => ({
    path: paths.users.bulkRemove,
    body: { ids: [await newUserId()] },
  }),
  'GET /api/v1/ap/users/:id/account': async () => ({ path: paths.users.account(await newUserId()) }),
  'PATCH /api/v1/ap/users/:id/status': async () => ({
    path: paths.users.status(await newUserId()),
    body: { is_active: false, reason: 'Cuti panjang' },
  }),
  'PATCH /api/v1/ap/users/bulk/status': async () => ({
    path: paths.users.bulkStatus,
    body: { ids: [await newUserId()], is_active: false },
  }),
  'DELETE /api/v1/ap/users/:id/sessions': async () => ({ path: paths.users.sessions(await newUserId()) }),
  'DELETE /api/v1/ap/users/:id/sessions/:sessionId': async () => {
    const user = await newUserWithPassword();
    const { sessionId } = await signInAndFindSession(user);
    return { path: paths.users.session(user.id, sessionId) };
  },
  'DELETE /api/v1/ap/users/:id/lock': async () => ({ path: paths.users.lock(await newUserId()) }),
  'GET /api/v1/ap/users/:id/two-step': async () => ({ path: twoStepPaths.user(await newUserId()) }),
  'DELETE /api/v1/ap/users/:id/two-step': async () => ({ path: twoStepPaths.user(await newUserId()) }),
  'GET /api/v1/ap/users/export': async () => ({ path: userBulkPaths.export, query: { role_id: 1 } }),
  'GET /api/v1/ap/users/import/template': async () => ({ path: userBulkPaths.importTemplate }),
  'POST /api/v1/ap/users/import/check': async () => ({
    path: userBulkPaths.importCheck,
    rawBody: importFile(),
    headers: { 'content-type': 'text/csv' },
  }),
  // The check is the caller's own: checked with their token first (a refused check leaves a token
  // that names nothing; the access check answers before it is read).
  'POST /api/v1/ap/users/import/commit': async (token) => {
    const checked = await call(t.app, 'POST', userBulkPaths.importCheck, {
      token,
      rawBody: importFile(),
      headers: { 'content-type': 'text/csv' },
    });
    const body: unknown = checked.statusCode === 200 ? checked.json() : undefined;
    const parsed = importCheckResponseSchema.safeParse(body);
    return {
      path: userBulkPaths.importCommit,
      body: { token: (parsed.success ? parsed.data.data.token : null) ?? 'x'.repeat(32) },
    };
  },
  'PATCH /api/v1/ap/users/bulk/role': async () => ({
    path: userBulkPaths.bulkRole,
    body: { ids: [await newUserId()], role_id: 2 },
  }),
  'PATCH /api/v1/ap/users/bulk/companies': async () => ({
    path: userBulkPaths.bulkCompanies,
    body: { ids: [await newUserId()], perusahaan: [{ perusahaan_id: 1, cabang: [] }] },
  }),
  'GET /api/v1/ap/role/list': async () => ({ path: paths.roles.list }),
  'GET /api/v1/ap/role/detail/:id': async () => ({ path: paths.roles.detail(1) }),
  'POST /api/v1/ap/role/create': async () => ({ path: paths.roles.create, body: createRolePayload() }),
  'PATCH /api/v1/ap/role/update/:id': async () => ({
    path: paths.roles.update(await newRoleId()),
    body: { color_id: 4 },
  }),
  'DELETE /api/v1/ap/role/delete/:id': async () => ({ path: paths.roles.remove(await newRoleId()) }),
  'DELETE /api/v1/ap/role/delete/bulk': async () => ({
    path: paths.roles.bulkRemove,
    body: { ids: [await newRoleId()] },
  }),
  'GET /api/v1/ap/user-temporary/search': async () => ({
    path: paths.reference.employeeSearch,
    query: { keyword: 'an' },
  }),
  'GET /api/v1/ap/role/all': async () => ({ path: paths.roles.all }),
  'GET /api/v1/ap/colors': async () => ({ path: paths.reference.colors }),
  'GET /api/v1/ap/menu/with-child': async () => ({
    path: paths.reference.menuWithChild,
    query: { apps_id: 1 },
  }),
  'GET /api/v1/ap/applications': async () => ({ path: paths.reference.applications }),
  'GET /company/companies-with-branches': async () => ({ path: paths.reference.companies }),
  'GET /api/v1/ap/audit/list': async () => ({ path: auditPaths.list }),
  'GET /api/v1/ap/audit/export': async () => ({ path: auditPaths.export, query: { perPage: 1 } }),
  'GET /api/v1/ap/access-map/options': async () => ({ path: accessMapPaths.options }),
  'GET /api/v1/ap/access-map/by-place': async () => ({ path: accessMapPaths.byPlace, query: { app: 1 } }),
  'GET /api/v1/ap/access-map/by-place/export': async () => ({
    path: accessMapPaths.byPlaceExport,
    query: { app: 1 },
  }),
  'GET /api/v1/ap/access-map/people': async () => ({ path: accessMapPaths.people }),
  'GET /api/v1/ap/access-map/by-person/:id': async () => ({ path: accessMapPaths.byPerson(1) }),
  'GET /api/v1/ap/access-map/by-person/:id/export': async () => ({ path: accessMapPaths.byPersonExport(1) }),
};

const keyOf = (row: AdminRoute) => `${row.method} ${row.path}`;

async function callRow(row: AdminRoute, token: string | undefined) {
  const { path, ...options } = await (
    requests[keyOf(row)] ?? (() => Promise.reject(new Error('no request')))
  )(token);
  return call(t.app, row.method, path, { ...options, token });
}

it('has a request for every row of the table (and no other)', () => {
  expect(Object.keys(requests).sort()).toEqual(ADMIN_ROUTES.map(keyOf).sort());
});

describe.each(ADMIN_ROUTES.map((row) => [keyOf(row), row] as const))('%s', (_key, row) => {
  it('is 401 without a token, with a login token and with a session of another app', async () => {
    const loginOnly = await sessionOf(ADMIN);
    const otherApp = await sessionOf(ADMIN, 2);
    const hrisOnly = await sessionOf(NO_PANEL, 2);
    for (const token of [
      undefined,
      'not-a-token',
      loginOnly.loginToken,
      loginOnly.sessionToken,
      otherApp.accessToken,
      hrisOnly.accessToken,
    ]) {
      expect(expectError(await callRow(row, token), 401)).toEqual({ message: SESSION_INVALID_MESSAGE });
    }
  });

  const levels: Array<[string, { nik: string; password: string }, AccessLevel]> = [
    ['viewer', VIEWER, ACCESS_LEVEL.viewer],
    ['modifier', MODIFIER, ACCESS_LEVEL.modifier],
    ['owner', ADMIN, ACCESS_LEVEL.owner],
  ];
  it.each(levels)('as %s: 2xx when the level allows it, else 403', async (_name, account, level) => {
    const { accessToken } = await sessionOf(account);
    // The seed grants Log Aktivitas and Peta Akses to Super Admin, Admin and Admin AP only (the
    // Viewer role has no grant of them).
    const granted = !(account === VIEWER && (row.action === 'listAudit' || row.action === 'viewAccessMap'));
    const allowed = granted && row.requires.some((q) => allows(level, q.capability));
    const reply = await callRow(row, accessToken);
    if (allowed) {
      expect(reply.statusCode).toBeGreaterThanOrEqual(200);
      expect(reply.statusCode).toBeLessThan(300);
    } else {
      expect(expectError(reply, 403)).toEqual({ message: ACCESS_DENIED_MESSAGE });
    }
  });
});

it('the seeded levels read as DESIGN says: viewer reads, modifier adds and edits, owner deletes', async () => {
  const outcome = async (account: { nik: string; password: string }) => {
    const { accessToken } = await sessionOf(account);
    const answers: string[] = [];
    for (const row of ADMIN_ROUTES) {
      const reply = await callRow(row, accessToken);
      answers.push(`${reply.statusCode < 300 ? 'ok' : reply.statusCode} ${row.action}`);
    }
    return answers;
  };
  const all = ADMIN_ROUTES.map((row) => row.action);
  expect(await outcome(ADMIN)).toEqual(all.map((a) => `ok ${a}`));
  expect(await outcome(MODIFIER)).toEqual(
    all.map((a) => (['deleteUser', 'deleteRole', 'deleteApp'].includes(a) ? `403 ${a}` : `ok ${a}`)),
  );
  expect(await outcome(VIEWER)).toEqual(
    all.map((a) =>
      ['listUsers', 'listRoles', 'listApps', 'readReference', 'exportUsers'].includes(a)
        ? `ok ${a}`
        : `403 ${a}`,
    ),
  );
});

it('checks access before the body: a viewer sending junk gets 403, not 422', async () => {
  const { accessToken } = await openSession(t.app, VIEWER);
  const reply = await call(t.app, 'POST', paths.users.create, { token: accessToken, body: { nama: 5 } });
  expectError(reply, 403);
});

it('answers HEAD like GET', async () => {
  const { accessToken } = await openSession(t.app, VIEWER);
  expect((await callRoot(t.app, 'HEAD', `${API_PREFIX}${paths.users.list}`)).statusCode).toBe(401);
  const head = await callRoot(t.app, 'HEAD', `${API_PREFIX}${paths.users.list}`, { token: accessToken });
  expect(head.statusCode).toBe(200);
  const { accessToken: hrisToken } = await openSession(t.app, NO_PANEL, 2);
  expect(
    (await callRoot(t.app, 'HEAD', `${API_PREFIX}${paths.users.list}`, { token: hrisToken })).statusCode,
  ).toBe(401);
});

describe('grants are read on every request', () => {
  const VIEWER_ROLE_ID = 3;

  /** App 1's menu ids by name. */
  async function panelMenus(): Promise<Map<string, number>> {
    const tree = expectOk(
      await asOwner('GET', paths.reference.menuWithChild, { query: { apps_id: 1 } }),
      menuWithChildResponseSchema,
    ).data;
    return new Map(
      tree.flatMap((m) => [[m.name, m.id] as const, ...m.menu.map((c) => [c.name, c.id] as const)]),
    );
  }

  /** Re-grants the Viewer role (as the owner): app 1 with `levels` by menu name (children under their menu). */
  async function regrantViewer(levels: Partial<Record<string, AccessLevel>>, otherApps = false) {
    const ids = await panelMenus();
    const id = (name: string) => ids.get(name) ?? -1;
    const tree: Array<[string, string[]]> = [
      [PANEL_MENU.home, []],
      [PANEL_MENU.users, [PANEL_MENU.userList, PANEL_MENU.userCreate]],
      [PANEL_MENU.roles, [PANEL_MENU.roleList, PANEL_MENU.roleCreate]],
    ];
    const menus = tree
      .filter(
        ([menu, children]) => levels[menu] !== undefined || children.some((c) => levels[c] !== undefined),
      )
      .map(([menu, children]) => ({
        id: id(menu),
        access_level: levels[menu] ?? ACCESS_LEVEL.viewer,
        children: children
          .filter((c) => levels[c] !== undefined)
          .map((c) => ({ id: id(c), access_level: levels[c] ?? ACCESS_LEVEL.viewer })),
      }));
    const applications: RolePayload['applications'] = [
      ...(menus.length > 0 ? [{ apps_id: 1, menus }] : []),
      ...(otherApps || menus.length === 0 ? [{ apps_id: 2, menus: [] }] : []),
    ];
    expectOk(
      await asOwner('PATCH', paths.roles.update(VIEWER_ROLE_ID), { body: { applications } }),
      roleResponseSchema,
    );
  }

  afterEach(async () => {
    // Back to the seeded Viewer grants of app 1.
    await regrantViewer({
      [PANEL_MENU.home]: 3,
      [PANEL_MENU.users]: 3,
      [PANEL_MENU.userList]: 3,
      [PANEL_MENU.userCreate]: 3,
      [PANEL_MENU.roles]: 3,
      [PANEL_MENU.roleList]: 3,
      [PANEL_MENU.roleCreate]: 3,
    });
  });

  it('an owner raising a viewer to modifier of Tambah User lets the same token add a user next request', async () => {
    const { accessToken } = await openSession(t.app, VIEWER);
    const add = () =>
      call(t.app, 'POST', paths.users.create, {
        token: accessToken,
        body: createUserPayload({ role_ids: [VIEWER_ROLE_ID] }),
      });
    expectError(await add(), 403);
    await regrantViewer({ [PANEL_MENU.users]: 3, [PANEL_MENU.userList]: 3, [PANEL_MENU.userCreate]: 2 });
    expectOk(await add(), userResponseSchema, 201);
    // The profile of the same session shows the new grant too.
    const me = expectOk(await call(t.app, 'GET', paths.session.me, { token: accessToken }), meResponseSchema);
    const users = me.data.user_menu
      .find((a) => a.apps_id === 1)
      ?.menus.find((m) => m.name === PANEL_MENU.users);
    expect(users?.children.find((c) => c.name === PANEL_MENU.userCreate)?.acces_level).toBe(2);
  });

  it('taking app 1 away from the role closes every admin route on the next request', async () => {
    const { accessToken } = await openSession(t.app, VIEWER);
    const list = () => call(t.app, 'GET', paths.users.list, { token: accessToken });
    expect((await list()).statusCode).toBe(200);
    await regrantViewer({});
    expect(expectError(await list(), 403).message).toBe(ACCESS_DENIED_MESSAGE);
    // The session itself is still valid: only its grants are gone.
    expectOk(await call(t.app, 'GET', paths.session.me, { token: accessToken }), meResponseSchema);
  });

  it('a menu decides for its own routes only', async () => {
    const { accessToken } = await openSession(t.app, VIEWER);
    const status = async (method: AdminMethod, path: string, options: CallOptions = {}) =>
      (await call(t.app, method, path, { ...options, token: accessToken })).statusCode;

    // Owner of User Management, nothing of Role Management.
    await regrantViewer({ [PANEL_MENU.users]: 1, [PANEL_MENU.userList]: 1, [PANEL_MENU.userCreate]: 1 });
    expect(await status('GET', paths.users.list)).toBe(200);
    expect(await status('DELETE', paths.users.remove(await newUserId(VIEWER_ROLE_ID)))).toBe(200);
    expect(await status('GET', paths.roles.list)).toBe(403);
    expect(await status('POST', paths.roles.create, { body: createRolePayload() })).toBe(403);
    // Reference data follows either list.
    expect(await status('GET', paths.reference.colors)).toBe(200);

    // Only Daftar Role, as a viewer: reference data still readable, users not.
    await regrantViewer({ [PANEL_MENU.roles]: 3, [PANEL_MENU.roleList]: 3 });
    expect(await status('GET', paths.roles.list)).toBe(200);
    expect(await status('GET', paths.reference.companies)).toBe(200);
    expect(await status('GET', paths.users.list)).toBe(403);

    // Only Tambah User, as an owner: adds users and searches employees, but no list and no reference data.
    await regrantViewer({ [PANEL_MENU.users]: 3, [PANEL_MENU.userCreate]: 1 });
    expect(
      await status('POST', paths.users.create, { body: createUserPayload({ role_ids: [VIEWER_ROLE_ID] }) }),
    ).toBe(201);
    expect(await status('GET', paths.reference.employeeSearch)).toBe(200);
    expect(await status('GET', paths.reference.colors)).toBe(403);
    expect(
      await status('PATCH', paths.users.update(await newUserId(VIEWER_ROLE_ID)), { body: { nama: 'X Y' } }),
    ).toBe(403);

    // The sub-menu's own level decides, not its menu's.
    await regrantViewer({ [PANEL_MENU.users]: 1, [PANEL_MENU.userList]: 3 });
    expect(await status('DELETE', paths.users.remove(await newUserId(VIEWER_ROLE_ID)))).toBe(403);
    expect(
      await status('POST', paths.users.create, { body: createUserPayload({ role_ids: [VIEWER_ROLE_ID] }) }),
    ).toBe(403);
  });
});
