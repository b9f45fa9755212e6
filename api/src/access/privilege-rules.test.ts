/**
 * Privilege boundaries (issue 18): the requests of the report, self-changes, the last
 * owner and ended sessions. The matrix of actor × target × action is privilege.test.ts.
 */
import {
  ESCALATION_MESSAGE,
  LAST_OWNER_MESSAGE,
  OWN_ACCOUNT_DELETE_MESSAGE,
  OWN_ROLE_MESSAGE,
  ROLE_TAKEOVER_MESSAGE,
  USER_TAKEOVER_MESSAGE,
  meResponseSchema,
  paths,
  roleListResponseSchema,
  roleOptionsResponseSchema,
  roleResponseSchema,
  userResponseSchema,
  type Role,
} from '@sso/shared/contract';
import { createUserPayload, grantsPayload } from '../test-support/factories';
import {
  ADMIN,
  MODIFIER,
  MODIFIER_2,
  VIEWER,
  call,
  expectError,
  expectOk,
  openSession,
} from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

const t = useAdminTestApp();
const SUPER_ADMIN_ROLE = 1;
const ADMIN_ROLE = 2;
const ADMIN_USER_ID = 1;
const MODIFIER_USER_ID = 4;

async function role(id: number): Promise<Role> {
  const list = await call(t.app, 'GET', paths.roles.list, { token: t.token, query: { perPage: 100 } });
  const found = expectOk(list, roleListResponseSchema).data.find((r) => r.id === id);
  if (!found) throw new Error(`no role ${id}`);
  return found;
}

describe("the issue's report, as the modifier (Admin: modifier of User and Role Management)", () => {
  let token = '';
  beforeAll(async () => {
    token = (await openSession(t.app, MODIFIER)).accessToken;
  });

  it('cannot make themselves Super Admin', async () => {
    const reply = await call(t.app, 'PATCH', paths.users.update(MODIFIER_USER_ID), {
      token,
      body: { role_ids: [SUPER_ADMIN_ROLE] },
    });
    expect(expectError(reply, 403).message).toBe(OWN_ROLE_MESSAGE);
  });

  it.each([[{ phone: '089999999999' }], [{ role_ids: [3] }], [{ nama: 'Bukan Admin' }]])(
    "cannot change the administrator's account: %j",
    async (body) => {
      const reply = await call(t.app, 'PATCH', paths.users.update(ADMIN_USER_ID), { token, body });
      expect(expectError(reply, 403).message).toBe(USER_TAKEOVER_MESSAGE);
      const me = expectOk(await call(t.app, 'GET', paths.session.me, { token: t.token }), meResponseSchema);
      expect(me.data.user.phone).toBe(ADMIN.phone);
      expect(me.data.roles[0]?.id).toBe(SUPER_ADMIN_ROLE);
    },
  );

  it('cannot lower Super Admin', async () => {
    const superAdmin = await role(SUPER_ADMIN_ROLE);
    const reply = await call(t.app, 'PATCH', paths.roles.update(SUPER_ADMIN_ROLE), {
      token,
      body: { applications: grantsPayload(superAdmin, () => 3) },
    });
    expect(expectError(reply, 403).message).toBe(ROLE_TAKEOVER_MESSAGE);
    expect(await role(SUPER_ADMIN_ROLE)).toEqual(superAdmin);
  });

  it('cannot raise their own role to owner, and nothing of the edit is written', async () => {
    const admin = await role(ADMIN_ROLE);
    const reply = await call(t.app, 'PATCH', paths.roles.update(ADMIN_ROLE), {
      token,
      body: { name: 'Admin Baru', applications: grantsPayload(admin, () => 1) },
    });
    expect(expectError(reply, 403).message).toBe(ESCALATION_MESSAGE);
    expect(await role(ADMIN_ROLE)).toEqual(admin);
  });

  it('may still edit their own name and lower their own role', async () => {
    expectOk(
      await call(t.app, 'PATCH', paths.users.update(MODIFIER_USER_ID), {
        token,
        body: { nama: 'Admin Modifier', role_ids: [ADMIN_ROLE] },
      }),
      userResponseSchema,
    );
    const admin = await role(ADMIN_ROLE);
    const lowered = admin.applications.map((app) =>
      app.apps_id === 1 ? app : { ...app, menus: app.menus.map((m) => ({ ...m, acces_level: 3 as const })) },
    );
    expectOk(
      await call(t.app, 'PATCH', paths.roles.update(ADMIN_ROLE), {
        token,
        body: { applications: grantsPayload({ ...admin, applications: lowered }, (level) => level) },
      }),
      roleResponseSchema,
    );
    // Back as seeded (the owner may).
    expectOk(
      await call(t.app, 'PATCH', paths.roles.update(ADMIN_ROLE), {
        token: t.token,
        body: { applications: grantsPayload(admin, (level) => level) },
      }),
      roleResponseSchema,
    );
  });
});

describe('sessions end when another user changes how one signs in or what one may do', () => {
  const me = (token: string) => call(t.app, 'GET', paths.session.me, { token });

  it.each([
    ['phone', { phone: '081299990000' }],
    ['NIK', { nik: '100902' }],
    ['role', { role_ids: [7] }],
  ])("the owner changing the viewer's %s: the viewer's next request is 401", async (_field, body) => {
    const viewer = await openSession(t.app, VIEWER);
    expectOk(await me(viewer.accessToken), meResponseSchema);
    expectOk(await call(t.app, 'PATCH', paths.users.update(2), { token: t.token, body }), userResponseSchema);
    expect((await me(viewer.accessToken)).statusCode).toBe(401);
    expect((await me(viewer.loginToken)).statusCode).toBe(401);
    // Back as seeded, so the viewer can sign in again for the next case.
    expectOk(
      await call(t.app, 'PATCH', paths.users.update(2), {
        token: t.token,
        body: { nik: VIEWER.nik, phone: '081200000002', role_ids: [3] },
      }),
      userResponseSchema,
    );
  });

  it("an e-mail or name change keeps the sessions; one's own phone change keeps one's own", async () => {
    const second = await openSession(t.app, MODIFIER_2);
    expectOk(
      await call(t.app, 'PATCH', paths.users.update(5), {
        token: t.token,
        body: { email: 'baru@sso.local' },
      }),
      userResponseSchema,
    );
    expectOk(await me(second.accessToken), meResponseSchema);
    expectOk(
      await call(t.app, 'PATCH', paths.users.update(5), {
        token: second.accessToken,
        body: { phone: '081311112222' },
      }),
      userResponseSchema,
    );
    expectOk(await me(second.accessToken), meResponseSchema);
  });
});

describe('role/all says which roles the caller may give', () => {
  it.each([
    ['the modifier (Admin)', MODIFIER, ['Admin']],
    ['the second modifier (Admin User)', MODIFIER_2, ['Admin User', 'Finance Staff', 'Viewer']],
  ])('%s', async (_name, account, names) => {
    const { accessToken } = await openSession(t.app, account);
    const options = expectOk(
      await call(t.app, 'GET', paths.roles.all, { token: accessToken }),
      roleOptionsResponseSchema,
    ).data;
    expect(options.filter((r) => r.assignable).map((r) => r.name)).toEqual(names);
    expect(options.find((r) => r.name === 'Super Admin')?.assignable).toBe(false);
  });
});

describe('the owner', () => {
  it('cannot change their own role or delete their own account', async () => {
    const demote = await call(t.app, 'PATCH', paths.users.update(ADMIN_USER_ID), {
      token: t.token,
      body: { role_ids: [3] },
    });
    expect(expectError(demote, 403).message).toBe(OWN_ROLE_MESSAGE);
    const remove = await call(t.app, 'DELETE', paths.users.remove(ADMIN_USER_ID), { token: t.token });
    expect(expectError(remove, 403).message).toBe(OWN_ACCOUNT_DELETE_MESSAGE);
    const bulk = await call(t.app, 'DELETE', paths.users.bulkRemove, {
      token: t.token,
      body: { ids: [ADMIN_USER_ID, MODIFIER_USER_ID] },
    });
    expect(expectError(bulk, 403).message).toBe(OWN_ACCOUNT_DELETE_MESSAGE);
  });

  it('cannot take User and Role Management from the last owner (409), and may once another owner exists', async () => {
    const superAdmin = await role(SUPER_ADMIN_ROLE);
    const lowerPanel = grantsPayload(superAdmin, () => 2);
    const refused = await call(t.app, 'PATCH', paths.roles.update(SUPER_ADMIN_ROLE), {
      token: t.token,
      body: { applications: lowerPanel },
    });
    expect(expectError(refused, 409).message).toBe(LAST_OWNER_MESSAGE);
    expect(await role(SUPER_ADMIN_ROLE)).toEqual(superAdmin);

    // A second owner with a role of its own: now Super Admin may be lowered.
    const keeper = expectOk(
      await call(t.app, 'POST', paths.roles.create, {
        token: t.token,
        body: { name: 'Penjaga Panel', color_id: 1, applications: grantsPayload(superAdmin, () => 1) },
      }),
      roleResponseSchema,
      201,
    ).data;
    const keeperUser = expectOk(
      await call(t.app, 'POST', paths.users.create, {
        token: t.token,
        body: createUserPayload({ role_ids: [keeper.id] }),
      }),
      userResponseSchema,
      201,
    ).data;
    expectOk(
      await call(t.app, 'PATCH', paths.roles.update(SUPER_ADMIN_ROLE), {
        token: t.token,
        body: { applications: lowerPanel },
      }),
      roleResponseSchema,
    );
    // The administrator is now a modifier: the keeper's account is beyond them (this test is last).
    const takeover = await call(t.app, 'PATCH', paths.users.update(keeperUser.id), {
      token: t.token,
      body: { nama: 'Diambil Alih' },
    });
    expect(expectError(takeover, 403).message).toBe(USER_TAKEOVER_MESSAGE);
  });
});
