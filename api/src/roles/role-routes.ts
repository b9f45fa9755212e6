import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bulkDeletePayloadSchema,
  paths,
  roleListQuerySchema,
  rolePayloadSchema,
  roleUpdatePayloadSchema,
} from '@sso/shared/contract';
import { actorScopeOf, scopeFilter } from '../access/admin-scope';
import { createRolePrivilege } from '../access/privilege';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { isoAt, listOf, ok } from '../http/reply';
import { idParam } from '../http/route-params';
import { validate } from '../http/validate';
import { findRole, listRoles, roleOptions, type MemberScope } from './role-queries';
import { createRole, deleteRoles, updateRole } from './role-writes';

const NOT_FOUND = 'Role tidak ditemukan';

/** Roles of spec 7 (plus role/all for selects and role/detail for the edit page). */
export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { store } = ctx;
  const privilege = createRolePrivilege(store);
  /** The reader's users predicate over `m` (admin-scope.ts): member counts count only those. */
  const scopeOf = async (request: FastifyRequest): Promise<MemberScope> =>
    scopeFilter(store.admin, await actorScopeOf(store, authOf(request).userId), 'm');
  /** The role as stored now, with its version. */
  const saved = async (id: number, scope: MemberScope = null) => {
    const role = await findRole(store.db, id, ctx.logoUrl, scope);
    const stored = await store.db
      .selectFrom('roles')
      .select(['revision', 'requires_two_step'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!role || !stored) throw notFound(NOT_FOUND);
    return { ...role, version: stored.revision, requires_two_step: stored.requires_two_step === 1 };
  };

  app.get(paths.roles.list, async (request) => {
    const params = validate(roleListQuerySchema, request.query);
    const { data, total } = await listRoles(store, params, ctx.logoUrl, await scopeOf(request));
    return listOf('Daftar role', data, total);
  });

  app.get(paths.roles.all, async (request) => {
    const options = await roleOptions(store);
    const covered = await privilege.coveredRoles(
      authOf(request).userId,
      options.map((role) => role.id),
    );
    return ok(
      'Daftar role',
      options.map((role) => ({ ...role, assignable: covered.has(role.id) })),
    );
  });

  app.get(paths.roles.detail(':id'), async (request) =>
    ok('Detail role', await saved(idParam(request.params, NOT_FOUND), await scopeOf(request))),
  );

  app.post(paths.roles.create, async (request, reply) => {
    const input = validate(rolePayloadSchema, request.body);
    const id = await privilege.guardRoleCreate(authOf(request).userId, (trx) =>
      createRole(trx, input, isoAt(ctx.clock())),
    );
    return reply.status(201).send(ok('Role berhasil ditambahkan', await saved(id)));
  });

  app.patch(paths.roles.update(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const changes = validate(roleUpdatePayloadSchema, request.body);
    await privilege.guardRoleEdit(authOf(request).userId, id, (trx) =>
      updateRole(trx, id, changes, isoAt(ctx.clock())),
    );
    return ok('Role berhasil diperbarui', await saved(id));
  });

  app.delete(paths.roles.bulkRemove, async (request) => {
    const { ids } = validate(bulkDeletePayloadSchema, request.body);
    const deleted = await privilege.guardRoleDelete(authOf(request).userId, ids, (trx) =>
      deleteRoles(trx, ids),
    );
    return ok(`${deleted.length} role berhasil dihapus`, { ids: deleted, deleted: deleted.length });
  });

  app.delete(paths.roles.remove(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const deleted = await privilege.guardRoleDelete(authOf(request).userId, [id], (trx) =>
      deleteRoles(trx, [id]),
    );
    return ok('Role berhasil dihapus', { ids: deleted, deleted: deleted.length });
  });
}
