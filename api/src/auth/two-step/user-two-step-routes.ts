import { twoStepPaths, userTwoStepResetPayloadSchema } from '@sso/shared/contract';
import { userTwoStepTarget } from '../../audit/describers';
import { conflict } from '../../http/errors';
import { ok } from '../../http/reply';
import { action, audited } from '../../http/route';
import { idParams } from '../../http/route-params';
import { assertMayManage } from '../../users/lifecycle/rules';
import { userRoute, type UsersEnv } from '../../users/user-route';

const userId = idParams('User tidak ditemukan');
export const SELF_RESET_MESSAGE =
  'Tidak dapat mengatur ulang verifikasi dua langkah akun Anda sendiri dari sini. Gunakan Keamanan Akun.';

const target = async ({ ctx, privilege }: UsersEnv, id: number, actorId: number) => {
  await assertMayManage(ctx.store.db, privilege, actorId, [id], 'view');
  return id;
};

/**
 * Detail User (issue 31): which factors a user has (never a secret) and "Reset verifikasi dua
 * langkah". Both need the edit right of Daftar User and a role covering the user's (privilege
 * rules); nobody resets their own. A reset removes every factor and recovery code and ends the
 * user's sessions; the next sign-in asks for a new factor when the role requires one.
 */
export const userTwoStepRoutes = [
  userRoute({
    method: 'GET',
    path: twoStepPaths.user(':id'),
    access: action('viewUserAccount'),
    params: userId,
    handler: async ({ params, auth }, env) => {
      const id = await target(env, params.id, auth.userId);
      return ok('Verifikasi dua langkah user', await env.ctx.twoStep.factors.status(id));
    },
  }),
  userRoute({
    method: 'DELETE',
    path: twoStepPaths.user(':id'),
    access: action('resetUserTwoStep'),
    params: userId,
    body: userTwoStepResetPayloadSchema,
    audit: audited(userTwoStepTarget, 'user.two_step_reset'),
    handler: async ({ params, auth }, env) => {
      const { ctx } = env;
      const id = await target(env, params.id, auth.userId);
      if (id === auth.userId) throw conflict(SELF_RESET_MESSAGE);
      const removed = await ctx.twoStep.factors.reset(id);
      await ctx.sessions.revokeUser(id, 'two_step_reset');
      return ok(
        removed === 0
          ? 'User belum memiliki verifikasi dua langkah; sesinya diakhiri'
          : 'Verifikasi dua langkah user diatur ulang',
        await ctx.twoStep.factors.status(id),
      );
    },
  }),
];
