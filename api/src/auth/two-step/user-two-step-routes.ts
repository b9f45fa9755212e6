import type { FastifyInstance } from 'fastify';
import { twoStepPaths, userTwoStepResetPayloadSchema } from '@sso/shared/contract';
import { createPrivilege } from '../../access/privilege';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParam } from '../../http/route-params';
import { validate } from '../../http/validate';
import { assertMayManage } from '../../users/lifecycle/rules';
import { authOf } from '../guard';

const USER_NOT_FOUND = 'User tidak ditemukan';
export const SELF_RESET_MESSAGE =
  'Tidak dapat mengatur ulang verifikasi dua langkah akun Anda sendiri dari sini. Gunakan Keamanan Akun.';

/**
 * Detail User (issue 31): which factors a user has (never a secret) and "Reset verifikasi dua
 * langkah". Both need the edit right of Daftar User (route-access.ts) and a role covering the user's
 * (privilege rules); nobody resets their own. A reset removes every factor and recovery code and ends
 * the user's sessions; the next sign-in asks for a new factor when the role requires one.
 */
export function registerUserTwoStepRoutes(app: FastifyInstance, ctx: AppContext): void {
  const privilege = createPrivilege(ctx.store, ctx.sessions);
  const target = async (params: unknown, actorId: number) => {
    const id = idParam(params, USER_NOT_FOUND);
    await assertMayManage(ctx.store.db, privilege, actorId, [id], 'view');
    return id;
  };

  app.get(twoStepPaths.user(':id'), async (request) => {
    const id = await target(request.params, authOf(request).userId);
    return ok('Verifikasi dua langkah user', await ctx.twoStep.factors.status(id));
  });

  app.delete(twoStepPaths.user(':id'), async (request) => {
    const actor = authOf(request).userId;
    validate(userTwoStepResetPayloadSchema, request.body);
    const id = await target(request.params, actor);
    if (id === actor) throw conflict(SELF_RESET_MESSAGE);
    const removed = await ctx.twoStep.factors.reset(id);
    await ctx.sessions.revokeUser(id, 'two_step_reset');
    return ok(
      removed === 0
        ? 'User belum memiliki verifikasi dua langkah; sesinya diakhiri'
        : 'Verifikasi dua langkah user diatur ulang',
      await ctx.twoStep.factors.status(id),
    );
  });
}
