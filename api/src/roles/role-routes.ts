import {
  bulkDeletePayloadSchema,
  paths,
  roleListQuerySchema,
  rolePayloadSchema,
  roleUpdatePayloadSchema,
} from '@sso/shared/contract';
import { actorScopeOf, scopeFilter } from '../access/admin-scope';
import { createRolePrivilege, type RolePrivilege } from '../access/privilege';
import { roleTarget } from '../audit/describers';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { isoAt, listOf, ok } from '../http/reply';
import { action, audited, referenceData, routeFor, routeTable } from '../http/route';
import { idParams } from '../http/route-params';
import { findRole, listRoles, roleOptions, type MemberScope } from './role-queries';
import { createRole, deleteRoles, updateRole } from './role-writes';

const NOT_FOUND = 'Role tidak ditemukan';
const roleId = idParams(NOT_FOUND);

interface RolesEnv {
  ctx: AppContext;
  privilege: RolePrivilege;
}
const route = routeFor<RolesEnv>();

/** The reader's users predicate over `m` (admin-scope.ts): member counts count only those. */
const scopeOf = async ({ store }: AppContext, actorId: number): Promise<MemberScope> =>
  scopeFilter(store.admin, await actorScopeOf(store, actorId), 'm');
/** The role as stored now, with its version. */
const saved = async (ctx: AppContext, id: number, scope: MemberScope = null) => {
  const { store } = ctx;
  const role = await findRole(store.db, id, ctx.logoUrl, scope);
  const stored = await store.db
    .selectFrom('roles')
    .select(['revision', 'requires_two_step'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!role || !stored) throw notFound(NOT_FOUND);
  return { ...role, version: stored.revision, requires_two_step: stored.requires_two_step === 1 };
};

/** Roles of spec 7 (plus role/all for selects and role/detail for the edit page). */
export const roleRoutes = routeTable({
  setup: (ctx: AppContext): RolesEnv => ({ ctx, privilege: createRolePrivilege(ctx.store) }),
  routes: [
    route({
      method: 'GET',
      path: paths.roles.list,
      access: action('listRoles'),
      query: roleListQuerySchema,
      handler: async ({ query, auth }, { ctx }) => {
        const { data, total } = await listRoles(
          ctx.store,
          query,
          ctx.logoUrl,
          await scopeOf(ctx, auth.userId),
        );
        return listOf('Daftar role', data, total);
      },
    }),
    route({
      method: 'GET',
      path: paths.roles.all,
      access: referenceData,
      handler: async ({ auth }, { ctx, privilege }) => {
        const options = await roleOptions(ctx.store);
        const covered = await privilege.coveredRoles(
          auth.userId,
          options.map((role) => role.id),
        );
        return ok(
          'Daftar role',
          options.map((role) => ({ ...role, assignable: covered.has(role.id) })),
        );
      },
    }),
    route({
      method: 'GET',
      path: paths.roles.detail(':id'),
      access: action('listRoles'),
      params: roleId,
      handler: async ({ params, auth }, { ctx }) =>
        ok('Detail role', await saved(ctx, params.id, await scopeOf(ctx, auth.userId))),
    }),
    route({
      method: 'POST',
      path: paths.roles.create,
      access: action('createRole'),
      body: rolePayloadSchema,
      audit: audited(roleTarget),
      handler: async ({ body, auth, reply }, { ctx, privilege }) => {
        const id = await privilege.guardRoleCreate(auth.userId, (trx) =>
          createRole(trx, body, isoAt(ctx.clock())),
        );
        return reply.status(201).send(ok('Role berhasil ditambahkan', await saved(ctx, id)));
      },
    }),
    route({
      method: 'PATCH',
      path: paths.roles.update(':id'),
      access: action('editRole'),
      params: roleId,
      body: roleUpdatePayloadSchema,
      audit: audited(roleTarget),
      handler: async ({ params: { id }, body, auth }, { ctx, privilege }) => {
        await privilege.guardRoleEdit(auth.userId, id, (trx) =>
          updateRole(trx, id, body, isoAt(ctx.clock())),
        );
        return ok('Role berhasil diperbarui', await saved(ctx, id));
      },
    }),
    route({
      method: 'DELETE',
      path: paths.roles.bulkRemove,
      access: action('deleteRole'),
      body: bulkDeletePayloadSchema,
      audit: audited(roleTarget),
      handler: async ({ body: { ids }, auth }, { privilege }) => {
        const deleted = await privilege.guardRoleDelete(auth.userId, ids, (trx) => deleteRoles(trx, ids));
        return ok(`${deleted.length} role berhasil dihapus`, { ids: deleted, deleted: deleted.length });
      },
    }),
    route({
      method: 'DELETE',
      path: paths.roles.remove(':id'),
      access: action('deleteRole'),
      params: roleId,
      audit: audited(roleTarget),
      handler: async ({ params: { id }, auth }, { privilege }) => {
        const deleted = await privilege.guardRoleDelete(auth.userId, [id], (trx) => deleteRoles(trx, [id]));
        return ok('Role berhasil dihapus', { ids: deleted, deleted: deleted.length });
      },
    }),
  ],
});
