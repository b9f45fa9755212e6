import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bulkDeletePayloadSchema,
  paths,
  roleListQuerySchema,
  rolePayloadSchema,
  roleUpdatePayloadSchema,
} from '@sso/shared/contract';
import { createPrivilege } from '../access/privilege';
import type { ScopeTerm } from '../access/admin-scope';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { isoAt, listOf, ok } from '../http/reply';
import { idParam } from '../http/route-params';
import { validate } from '../http/validate';
import { versionOf } from '../http/versions';
import { findRole, listRoles, roleOptions } from './role-queries';
import { createRole, deleteRoles, updateRole } from './role-writes';

const NOT_FOUND = 'Role tidak ditemukan';

/** Roles of spec 7 (plus role/all for selects and role/detail for the edit page). */
export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const privilege = createPrivilege(db, ctx.sessions);
  /** The role as stored now, with its version. */
  /** The reader's users predicate over `m` (admin-scope.ts): member counts count only those. */
  const scopeOf = (request: FastifyRequest) =>
    privilege.scopes.userTerm(privilege.scopes.of(authOf(request).userId), 'm');
  const saved = (id: number, scope: ScopeTerm | null = null) => {
    const role = findRole(db, id, ctx.logoUrl, scope);
    const version = versionOf(db, 'roles', id);
    if (!role || version === undefined) throw notFound(NOT_FOUND);
    const requires = db
      .prepare<[number], number>('SELECT requires_two_step FROM roles WHERE id = ?')
      .pluck()
      .get(id);
    return { ...role, version, requires_two_step: requires === 1 };
  };

  app.get(paths.roles.list, async (request) => {
    const params = validate(roleListQuerySchema, request.query);
    const { data, total } = listRoles(db, params, ctx.logoUrl, scopeOf(request));
    return listOf('Daftar role', data, total);
  });

  app.get(paths.roles.all, async (request) => {
    const options = roleOptions(db);
    const covered = privilege.coveredRoles(
      authOf(request).userId,
      options.map((role) => role.id),
    );
    return ok(
      'Daftar role',
      options.map((role) => ({ ...role, assignable: covered.has(role.id) })),
    );
  });

  app.get(paths.roles.detail(':id'), async (request) =>
    ok('Detail role', saved(idParam(request.params, NOT_FOUND), scopeOf(request))),
  );

  app.post(paths.roles.create, async (request, reply) => {
    const input = validate(rolePayloadSchema, request.body);
    const id = privilege.guardRoleCreate(authOf(request).userId, () =>
      createRole(db, input, isoAt(ctx.clock())),
    );
    return reply.status(201).send(ok('Role berhasil ditambahkan', saved(id)));
  });

  app.patch(paths.roles.update(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const changes = validate(roleUpdatePayloadSchema, request.body);
    privilege.guardRoleEdit(authOf(request).userId, id, () =>
      updateRole(db, id, changes, isoAt(ctx.clock())),
    );
    return ok('Role berhasil diperbarui', saved(id));
  });

  app.delete(paths.roles.bulkRemove, async (request) => {
    const { ids } = validate(bulkDeletePayloadSchema, request.body);
    const deleted = privilege.guardRoleDelete(authOf(request).userId, ids, () => deleteRoles(db, ids));
    return ok(`${deleted.length} role berhasil dihapus`, { ids: deleted, deleted: deleted.length });
  });

  app.delete(paths.roles.remove(':id'), async (request) => {
    const id = idParam(request.params, NOT_FOUND);
    const deleted = privilege.guardRoleDelete(authOf(request).userId, [id], () => deleteRoles(db, [id]));
    return ok('Role berhasil dihapus', { ids: deleted, deleted: deleted.length });
  });
}
