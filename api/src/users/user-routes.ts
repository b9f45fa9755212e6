import type { FastifyInstance } from 'fastify';
import {
  bulkDeletePayloadSchema,
  paths,
  userListQuerySchema,
  userListResponseSchema,
  userPayloadSchema,
  userUpdatePayloadSchema,
} from '@sso/shared/contract';
import { createPrivilege } from '../access/privilege';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { isoAt, listOf, ok } from '../http/reply';
import { responseSchema } from '../http/response-schema';
import { idParam } from '../http/route-params';
import { queryValidator, validate } from '../http/validate';
import { versionOf } from '../http/versions';
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
  const { db } = ctx;
  const privilege = createPrivilege(db, ctx.sessions);
  // Administration per company: every route below asks the actor's scope here (admin-scope.ts).
  const { scopes } = privilege;
  const scopeOf = (request: Parameters<typeof authOf>[0]) => scopes.of(authOf(request).userId);
  /** The id of the path, 404 when unknown or outside the actor's scope. */
  const visibleId = (request: Parameters<typeof authOf>[0] & { params: unknown }) => {
    const id = idParam(request.params, NOT_FOUND);
    scopes.assertVisible(scopeOf(request), [id]);
    return id;
  };
  /** The user as stored now, with its version. */
  const saved = (id: number) => {
    const user = findUser(db, id, ctx.logoUrl);
    const version = versionOf(db, 'users', id);
    if (!user || version === undefined) throw notFound(NOT_FOUND);
    return { ...user, version };
  };

  // The largest answer of the api: serialized by a compiled serializer (see responseSchema).
  const listSchema = responseSchema(userListResponseSchema);
  const listQuery = queryValidator(userListQuerySchema);
  app.get(paths.users.list, { schema: listSchema }, async (request) => {
    const params = listQuery(request.query, request.url);
    const { data, total } = listUsers(db, params, ctx.logoUrl, scopes.userTerm(scopeOf(request)));
    return listOf('Daftar user', data, total);
  });

  app.get(paths.users.detail(':id'), async (request) => ok('Detail user', saved(visibleId(request))));

  app.post(paths.users.create, async (request, reply) => {
    const input = validate(userPayloadSchema, request.body);
    scopes.assertLinks(scopeOf(request), input.perusahaan);
    const id = privilege.guardUserCreate(authOf(request).userId, () =>
      createUser(db, input, isoAt(ctx.clock())),
    );
    return reply.status(201).send(ok('User berhasil ditambahkan', saved(id)));
  });

  app.patch(paths.users.update(':id'), async (request) => {
    const id = visibleId(request);
    const changes = validate(userUpdatePayloadSchema, request.body);
    if (changes.perusahaan) scopes.assertLinks(scopeOf(request), changes.perusahaan);
    privilege.guardUserEdit(authOf(request).userId, id, changes, () =>
      updateUser(db, id, changes, isoAt(ctx.clock())),
    );
    return ok('User berhasil diperbarui', saved(id));
  });

  // Registered before ':id' only for readability: a static segment always wins in the router.
  app.delete(paths.users.bulkRemove, async (request) => {
    const { ids } = validate(bulkDeletePayloadSchema, request.body);
    const actor = authOf(request).userId;
    scopes.assertVisible(scopes.of(actor), ids);
    const deleted = privilege.guardUserDelete(actor, ids, () => deleteUsers(db, ids, actor));
    return ok(`${deleted.length} user berhasil dihapus`, { ids: deleted, deleted: deleted.length });
  });

  app.delete(paths.users.remove(':id'), async (request) => {
    const id = visibleId(request);
    const actor = authOf(request).userId;
    const deleted = privilege.guardUserDelete(actor, [id], () => deleteUsers(db, [id], actor));
    return ok('User berhasil dihapus', { ids: deleted, deleted: deleted.length });
  });

  registerLifecycleRoutes(app, ctx, privilege);
  registerUserBulkRoutes(app, ctx, privilege);
}
