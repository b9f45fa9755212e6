import {
  bulkDeletePayloadSchema,
  paths,
  userListQuerySchema,
  userListResponseSchema,
  userPayloadSchema,
  userUpdatePayloadSchema,
} from '@sso/shared/contract';
import { assertLinks } from '../access/admin-scope';
import { createPrivilege } from '../access/privilege';
import { userTarget, userWithSessionsTarget } from '../audit/describers';
import { userTwoStepRoutes } from '../auth/two-step/user-two-step-routes';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { isoAt, listOf, ok } from '../http/reply';
import { action, audited, routeTable } from '../http/route';
import { idParams } from '../http/route-params';
import { findUser, listUsers } from './user-queries';
import { userRoute, type UsersEnv } from './user-route';
import { createUser, deleteUsers, updateUser } from './user-writes';
import { lifecycleRoutes } from './lifecycle/lifecycle-routes';
import { installCsvUpload, userBulkRoutes } from './bulk/bulk-routes';

const NOT_FOUND = 'User tidak ditemukan';
const userId = idParams(NOT_FOUND);

/** The id of the path, 404 when outside the actor's scope (administration per company, admin-scope.ts). */
const visible = async ({ privilege }: UsersEnv, actorId: number, id: number) => {
  await privilege.assertVisible(await privilege.scopeOf(actorId), [id]);
  return id;
};

/** The user as stored now, with its version. */
const saved = async ({ ctx }: UsersEnv, id: number) => {
  const { store } = ctx;
  const user = await findUser(store, id, ctx.logoUrl);
  const stored = await store.db
    .selectFrom('users')
    .select('revision')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user || !stored) throw notFound(NOT_FOUND);
  return { ...user, version: stored.revision };
};

/**
 * Users of spec 7: list, create, update, delete, bulk delete; one user for the edit page. Every route
 * asks the actor's administration scope (admin-scope.ts).
 */
const userCrudRoutes = [
  userRoute({
    method: 'GET',
    path: paths.users.list,
    access: action('listUsers'),
    query: userListQuerySchema,
    // The largest answer of the api: serialized by a compiled serializer (see responseSchema).
    response: userListResponseSchema,
    handler: async ({ query, auth }, { ctx, privilege }) => {
      const scope = await privilege.scopeOf(auth.userId);
      const { data, total } = await listUsers(ctx.store, query, ctx.logoUrl, scope);
      return listOf('Daftar user', data, total);
    },
  }),
  userRoute({
    method: 'GET',
    path: paths.users.detail(':id'),
    access: action('listUsers'),
    params: userId,
    handler: async ({ params, auth }, env) =>
      ok('Detail user', await saved(env, await visible(env, auth.userId, params.id))),
  }),
  userRoute({
    method: 'POST',
    path: paths.users.create,
    access: action('createUser'),
    body: userPayloadSchema,
    audit: audited(userTarget),
    handler: async ({ body, auth, reply }, env) => {
      const { ctx, privilege } = env;
      assertLinks(await privilege.scopeOf(auth.userId), body.perusahaan);
      const id = await privilege.guardUserCreate(auth.userId, (trx) =>
        createUser(trx, ctx.store.admin, body, isoAt(ctx.clock())),
      );
      return reply.status(201).send(ok('User berhasil ditambahkan', await saved(env, id)));
    },
  }),
  userRoute({
    method: 'PATCH',
    path: paths.users.update(':id'),
    access: action('editUser'),
    params: userId,
    body: userUpdatePayloadSchema,
    audit: audited(userWithSessionsTarget),
    handler: async ({ params, body, auth }, env) => {
      const { ctx, privilege } = env;
      const id = await visible(env, auth.userId, params.id);
      if (body.perusahaan) assertLinks(await privilege.scopeOf(auth.userId), body.perusahaan);
      await privilege.guardUserEdit(auth.userId, id, body, (trx) =>
        updateUser(trx, ctx.store.admin, id, body, isoAt(ctx.clock())),
      );
      return ok('User berhasil diperbarui', await saved(env, id));
    },
  }),
  // Declared before ':id' only for readability: a static segment always wins in the router.
  userRoute({
    method: 'DELETE',
    path: paths.users.bulkRemove,
    access: action('deleteUser'),
    body: bulkDeletePayloadSchema,
    audit: audited(userTarget),
    handler: async ({ body: { ids }, auth }, { ctx, privilege }) => {
      const actor = auth.userId;
      await privilege.assertVisible(await privilege.scopeOf(actor), ids);
      const deleted = await privilege.guardUserDelete(actor, ids, (trx) =>
        deleteUsers(trx, ctx.store.admin, ids, actor),
      );
      return ok(`${deleted.length} user berhasil dihapus`, { ids: deleted, deleted: deleted.length });
    },
  }),
  userRoute({
    method: 'DELETE',
    path: paths.users.remove(':id'),
    access: action('deleteUser'),
    params: userId,
    audit: audited(userTarget),
    handler: async ({ params, auth }, env) => {
      const id = await visible(env, auth.userId, params.id);
      const actor = auth.userId;
      const deleted = await env.privilege.guardUserDelete(actor, [id], (trx) =>
        deleteUsers(trx, env.ctx.store.admin, [id], actor),
      );
      return ok('User berhasil dihapus', { ids: deleted, deleted: deleted.length });
    },
  }),
];

/** The users table: the list and edits, the account lifecycle, the bulk routes and the two-step reset. */
export const userRoutes = routeTable({
  setup: (ctx: AppContext, scope): UsersEnv => {
    installCsvUpload(scope);
    return { ctx, privilege: createPrivilege(ctx.store, ctx.sessions) };
  },
  routes: [...userCrudRoutes, ...lifecycleRoutes, ...userBulkRoutes, ...userTwoStepRoutes],
});
