import { z } from 'zod';
import { bulkUserStatusPayloadSchema, paths, userStatusPayloadSchema } from '@sso/shared/contract';
import { userWithSessionsTarget, userTarget } from '../../audit/describers';
import { liftAccountLock } from '../../auth/account-lock';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { action, audited, type SpecialAction } from '../../http/route';
import { idParams } from '../../http/route-params';
import { userRoute, type UsersEnv } from '../user-route';
import { changeStatus, endAllSessions, endSession, readAccount } from './account';
import { assertMayManage, type LifecycleAction } from './rules';

const USER_NOT_FOUND = 'User tidak ditemukan';
const SESSION_NOT_FOUND = 'Sesi tidak ditemukan atau sudah berakhir';
const userId = idParams(USER_NOT_FOUND);

/** A session id in the path: the one spelling of a positive decimal (`0x3`, `03`, `+3` are none). */
const sessionParamsSchema = z.object({
  sessionId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number)
    .pipe(z.int().positive().max(Number.MAX_SAFE_INTEGER)),
});

/** The target of a route after the rules of `action`. */
const target = async ({ ctx, privilege }: UsersEnv, id: number, actorId: number, action: LifecycleAction) => {
  await assertMayManage(ctx.store.db, privilege, actorId, [id], action);
  return id;
};
const account = async (ctx: AppContext, id: number) => {
  const found = await readAccount(ctx, id);
  if (!found) throw notFound(USER_NOT_FOUND);
  return found;
};

/** Deactivation and reactivation read differently in Log Aktivitas (and are filtered apart). */
const statusChange: SpecialAction = {
  variants: ['user.deactivate', 'user.activate'],
  of: ({ body }) => (body?.is_active === true ? 'user.activate' : 'user.deactivate'),
};

/**
 * Account lifecycle of a user (ours, beside spec 7): read the account (status, last sign-in,
 * lock, open sessions), change the status (one or several, all or nothing), end one or every
 * session, lift the sign-in lock. Every action needs the edit capability of Daftar User and passes
 * the privilege rules (rules.ts, access/privilege.ts).
 */
export const lifecycleRoutes = [
  userRoute({
    method: 'GET',
    path: paths.users.account(':id'),
    access: action('viewUserAccount'),
    params: userId,
    handler: async ({ params, auth }, env) => {
      const id = await target(env, params.id, auth.userId, 'view');
      return ok('Akun user', await account(env.ctx, id));
    },
  }),
  userRoute({
    method: 'PATCH',
    path: paths.users.status(':id'),
    access: action('changeUserStatus'),
    params: userId,
    body: userStatusPayloadSchema,
    audit: audited(userWithSessionsTarget, statusChange),
    handler: async ({ params: { id }, body, auth }, { ctx, privilege }) => {
      await changeStatus(ctx, privilege, auth.userId, [id], body.is_active, body.reason);
      return ok(
        body.is_active ? 'User berhasil diaktifkan' : 'User berhasil dinonaktifkan',
        await account(ctx, id),
      );
    },
  }),
  // A static segment wins over ':id' in the router: 'bulk/status' never reads as a user id.
  userRoute({
    method: 'PATCH',
    path: paths.users.bulkStatus,
    access: action('changeUserStatus'),
    body: bulkUserStatusPayloadSchema,
    audit: audited(userWithSessionsTarget, statusChange),
    handler: async ({ body, auth }, { ctx, privilege }) => {
      const ids = [...new Set(body.ids)];
      await changeStatus(ctx, privilege, auth.userId, ids, body.is_active, body.reason);
      const verb = body.is_active ? 'diaktifkan' : 'dinonaktifkan';
      return ok(`${ids.length} user berhasil ${verb}`, { ids, changed: ids.length });
    },
  }),
  userRoute({
    method: 'DELETE',
    path: paths.users.sessions(':id'),
    access: action('endUserSessions'),
    params: userId,
    audit: audited(userWithSessionsTarget, 'user.sessions_end'),
    handler: async ({ params, auth }, env) => {
      const id = await target(env, params.id, auth.userId, 'endSessions');
      const ended = await endAllSessions(env.ctx, id);
      return ok(ended === 0 ? 'Tidak ada sesi aktif' : `${ended} sesi berhasil diakhiri`, { ended });
    },
  }),
  userRoute({
    method: 'DELETE',
    path: paths.users.session(':id', ':sessionId'),
    access: action('endUserSessions'),
    params: userId,
    audit: audited(userWithSessionsTarget, 'user.session_end'),
    handler: async ({ params, request, auth }, env) => {
      const id = await target(env, params.id, auth.userId, 'endSessions');
      // After the user's checks: an unknown session of a user one may not manage is that user's 404.
      const parsed = sessionParamsSchema.safeParse(request.params);
      if (!parsed.success || !(await endSession(env.ctx, id, parsed.data.sessionId)))
        throw notFound(SESSION_NOT_FOUND);
      return ok('Sesi berhasil diakhiri', { ended: 1 });
    },
  }),
  userRoute({
    method: 'DELETE',
    path: paths.users.lock(':id'),
    access: action('unlockUser'),
    params: userId,
    audit: audited(userTarget, 'user.unlock'),
    handler: async ({ params, auth }, env) => {
      const id = await target(env, params.id, auth.userId, 'unlock');
      const locked = (await account(env.ctx, id)).lock !== null;
      await liftAccountLock(env.ctx.store.db, id);
      return ok(locked ? 'Blokir masuk berhasil dibuka' : 'Akun tidak sedang diblokir', {
        ended: locked ? 1 : 0,
      });
    },
  }),
];
