import type { FastifyInstance } from 'fastify';
import {
  PANEL_MENU,
  applicationDetailResponseSchema,
  paths,
  roleResponseSchema,
  type ApplicationDetail,
  type ApplicationPayload,
} from '@sso/shared/contract';
import { createAccount } from './accounts';
import { createRolePayload } from './factories';
import { call, expectOk } from './http';

/** An application's menu tree as App Management writes it (ids kept, so a write is an edit). */
export type MenuTree = Array<{ id?: number; name: string; children: Array<{ id?: number; name: string }> }>;

export const treeOf = (app: ApplicationDetail): MenuTree =>
  app.menus.map((menu) => ({
    id: menu.id,
    name: menu.name,
    children: menu.menu.map((child) => ({ id: child.id, name: child.name })),
  }));

/** The edit of `app` that writes `menus` (by default its own tree again) and keeps the rest. */
export const payloadOf = (app: ApplicationDetail, menus = treeOf(app)): ApplicationPayload => ({
  name: app.name,
  descriptions: app.descriptions,
  url: app.url,
  menus,
});

/** An application's detail as `token` reads it. */
export const applicationDetail = async (app: FastifyInstance, token: string, id: number) =>
  expectOk(await call(app, 'GET', paths.applications.detail(id), { token }), applicationDetailResponseSchema)
    .data;

/**
 * A role owning App Management of app 1 (and its sub-menus) only, made by `adminToken`, and an
 * account of it: the panel's detail, its App Management menu, the role and the account.
 */
export async function appManagementOnly(app: FastifyInstance, adminToken: string) {
  const panel = await applicationDetail(app, adminToken, 1);
  const apps = panel.menus.find((menu) => menu.name === PANEL_MENU.apps);
  if (!apps) throw new Error('no App Management');
  const body = createRolePayload({
    applications: [
      {
        apps_id: 1,
        menus: [
          { id: apps.id, access_level: 1, children: apps.menu.map((c) => ({ id: c.id, access_level: 1 })) },
        ],
      },
    ],
  });
  const role = expectOk(
    await call(app, 'POST', paths.roles.create, { token: adminToken, body }),
    roleResponseSchema,
    201,
  ).data;
  const account = await createAccount(app, adminToken, { role_ids: [role.id] });
  return { panel, apps, role, account };
}
