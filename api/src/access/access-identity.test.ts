import { z } from 'zod';
import {
  applicationDetailResponseSchema,
  auditPaths,
  meResponseSchema,
  paths,
  type ApplicationPayload,
} from '@sso/shared/contract';
import { appManagementOnly, applicationDetail, payloadOf, treeOf } from '../test-support/app-menus';
import { createApplicationPayload } from '../test-support/factories';
import { MODIFIER, call, expectError, expectOk, openSession } from '../test-support/http';
import { useAdminTestApp } from '../test-support/test-app';

/**
 * Issue 36, finding 1: the panel's access model follows its menus' keys, not their names, and app 1's
 * tree is the panel's own. The probe's two roads: a modifier of App Management adds "Settings" under
 * Home of app 1; a role owning only App Management adds "Daftar User", "Log Aktivitas" and "Daftar
 * Role" under it and then reads the lists those names guard.
 */
const t = useAdminTestApp();

const LOCKED =
  'Menu SSO Admin Panel adalah menu panel ini sendiri: tidak dapat ditambah, diganti namanya, atau dihapus melalui App Management.';

const detail = (token: string, id: number) => applicationDetail(t.app, token, id);
const update = (token: string, id: number, body: ApplicationPayload) =>
  call(t.app, 'PATCH', paths.applications.update(id), { token, body });
const grantedNames = async (token: string) =>
  expectOk(await call(t.app, 'GET', paths.session.me, { token }), meResponseSchema)
    .data.user_menu.filter((app) => app.apps_id === 1)
    .flatMap((app) => app.menus.flatMap((menu) => [menu.name, ...menu.children.map((c) => c.name)]));

/** A role owning App Management of app 1 (and its sub-menus) only, and a signed-in member of it. */
async function appManagerOnly() {
  const { panel, apps, account } = await appManagementOnly(t.app, t.token);
  const { accessToken } = await openSession(t.app, account);
  return { accessToken, panel, apps };
}

describe('access by identity (issue 36, finding 1)', () => {
  it('refuses adding a menu to app 1, and the role gains no grant', async () => {
    const { accessToken } = await openSession(t.app, MODIFIER);
    const panel = await detail(accessToken, 1);
    const before = await grantedNames(accessToken);
    const menus = treeOf(panel).map((menu) =>
      menu.name === 'Home' ? { ...menu, children: [...menu.children, { name: 'Settings' }] } : menu,
    );
    expect(expectError(await update(accessToken, 1, payloadOf(panel, menus)), 409).message).toBe(LOCKED);
    expect(await grantedNames(accessToken)).toEqual(before);
    expect(treeOf(await detail(accessToken, 1))).toEqual(treeOf(panel));
  });

  it('refuses renaming a menu of app 1, its own sub-menus included', async () => {
    const panel = await detail(t.token, 1);
    const renamed = treeOf(panel).map((menu) =>
      menu.name === 'User Management'
        ? { ...menu, children: menu.children.map((c) => ({ ...c, name: `${c.name} Baru` })) }
        : menu,
    );
    expect(expectError(await update(t.token, 1, payloadOf(panel, renamed)), 409).message).toBe(LOCKED);
    // The same tree, reordered, is still accepted (the order is not part of the access model).
    expectOk(
      await update(t.token, 1, payloadOf(panel, [...treeOf(panel)].reverse())),
      applicationDetailResponseSchema,
    );
    expectOk(await update(t.token, 1, payloadOf(panel)), applicationDetailResponseSchema);
  });

  it('a role owning only App Management cannot reach the users, roles or log lists by naming menus', async () => {
    const { accessToken, panel, apps } = await appManagerOnly();
    const menus = treeOf(panel).map((menu) =>
      menu.id === apps.id
        ? {
            ...menu,
            children: [
              ...menu.children,
              { name: 'Daftar User' },
              { name: 'Log Aktivitas' },
              { name: 'Daftar Role' },
            ],
          }
        : menu,
    );
    expect(expectError(await update(accessToken, 1, payloadOf(panel, menus)), 409).message).toBe(LOCKED);
    for (const path of [paths.users.list, paths.roles.list, auditPaths.list]) {
      expect([path, (await call(t.app, 'GET', path, { token: accessToken })).statusCode]).toEqual([
        path,
        403,
      ]);
    }
  });

  it("another application's menus named as the panel's grant nothing of the panel", async () => {
    const { accessToken } = await appManagerOnly();
    const created = expectOk(
      await call(t.app, 'POST', paths.applications.create, {
        token: accessToken,
        body: createApplicationPayload({
          menus: [
            { name: 'User Management', children: [{ name: 'Daftar User' }, { name: 'Tambah User' }] },
            { name: 'Log Aktivitas', children: [] },
          ],
        }),
      }),
      applicationDetailResponseSchema,
      201,
    ).data;
    // The creator's role now owns those menus of the new application...
    const me = expectOk(
      await call(t.app, 'GET', paths.session.me, { token: accessToken }),
      meResponseSchema,
    ).data;
    const granted = me.user_menu.find((app) => app.apps_id === created.id);
    expect(granted?.menus.map((m) => [m.name, m.key ?? null])).toEqual([
      ['User Management', null],
      ['Log Aktivitas', null],
    ]);
    // ...and none of the panel's routes by those names.
    for (const path of [paths.users.list, auditPaths.list]) {
      expect((await call(t.app, 'GET', path, { token: accessToken })).statusCode).toBe(403);
    }
    expect(z.array(z.string()).parse(await grantedNames(accessToken))).not.toContain('Daftar User');
  });
});
