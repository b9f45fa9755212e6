import type { FastifyInstance } from 'fastify';
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
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { isoAt, listOf, ok } from '../http/reply';
import { responseSchema } from '../http/response-schema';
import { idParam } from '../http/route-params';
import { queryValidator, validate } from '../http/validate';
import { findUser, listUsers } from './user-queries';
import { createUser, deleteUsers, updateUser } from './user-writes';
import { registerLifecycleRoutes } from './lifecycle/lifecycle-routes';
import { registerUserBulkRoutes } from './bulk/bulk-routes';

const NOT_FOUND = 'User tidak ditemukan';

/**
 * Users of spec 7: list, create, update, delete, bulk delete; one user for the edit page; and their
 * account lifecycle.
 */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { store } = ctx;
  const privilege = createPrivilege(store, ctx.sessions);
  // Administration per company: every route below asks the actor's scope here (admin-scope.ts).
  const scopeOf = (request: Parameters<typeof authOf>[0]) => privilege.scopeOf(authOf(request).userId);
  /** The id of the path, 404 when unknown or outside the actor's scope. */
  const visibleId = async (request: Parameters<typeof authOf>[0] & { params: unknown }) => {
    const id = idParam(request.params, NOT_FOUND);
    await privilege.assertVisible(await scopeOf(request), [id]);
    return id;
  };
  /** The user as stored now, with its version. */
  const saved = async (id: number) => {
    const user = await findUser(store, id, ctx.logoUrl);
    const stored = await store.db
      .selectFrom('users')
      .select('revision')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user || !stored) throw notFound(NOT_FOUND);
    return { ...user, version: stored.revision };
  };

  // The largest answer of the api: serialized by a compiled serializer (see responseSchema).
  const listSchema = responseSchema(userListResponseSchema);
  const listQuery = queryValidator(userListQuerySchema);
  app.get(paths.users.list, { schema: listSchema }, async (request) => {
    const params = listQuery(request.query, request.url);
    const { data, total } = await listUsers(store, params, ctx.logoUrl, await scopeOf(request));
    return listOf('Daftar user', data, total);
  });

  app.get(paths.users.detail(':id'), async (request) =>
    ok('Detail user', await saved(await visibleId(request))),
  );

  app.post(paths.users.create, async (request, reply) => {
    const input = validate(userPayloadSchema, request.body);
    assertLinks(await scopeOf(request), input.perusahaan);
    const id = await privilege.guardUserCreate(authOf(request).userId, (trx) =>
      createUser(trx, store.admin, input, isoAt(ctx.clock())),
    );
    return reply.status(201).send(ok('User berhasil ditambahkan', await saved(id)));
  });

  app.patch(paths.users.update(':id'), async (request) => {
    const id = await visibleId(request);
    const changes = validate(userUpdatePayloadSchema, request.body);
    if (changes.perusahaan) assertLinks(await scopeOf(request), changes.perusahaan);
    await privilege.guardUserEdit(authOf(request).userId, id, changes, (trx) =>
      updateUser(trx, store.admin, id, changes, isoAt(ctx.clock())),
    );
    return ok('User berhasil diperbarui', await saved(id));
  });

  // Registered before ':id' only for readability: a static segment always wins in the router.
  app.delete(paths.users.bulkRemove, async (request) => {
    const { ids } = validate(bulkDeletePayloadSchema, request.body);
    const actor = authOf(request).userId;
    await privilege.assertVisible(await privilege.scopeOf(actor), ids);
    const deleted = await privilege.guardUserDelete(actor, ids, (trx) =>
      deleteUsers(trx, store.admin, ids, actor),
    );
    return ok(`${deleted.length} user berhasil dihapus`, { ids: deleted, deleted: deleted.length });
  });

  app.delete(paths.users.remove(':id'), async (request) => {
    const id = await visibleId(request);
    const actor = authOf(request).userId;
    const deleted = await privilege.guardUserDelete(actor, [id], (trx) =>
      deleteUsers(trx, store.admin, [id], actor),
    );
    return ok('User berhasil dihapus', { ids: deleted, deleted: deleted.length });
  });

  registerLifecycleRoutes(app, ctx, privilege);
  registerUserBulkRoutes(app, ctx, privilege);
}
