import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bulkUserStatusPayloadSchema, paths, userStatusPayloadSchema } from '@sso/shared/contract';
import { authOf } from '../../auth/guard';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { ok } from '../../http/reply';
import { idParam } from '../../http/route-params';
import { validate } from '../../http/validate';
import { liftAccountLock } from '../../auth/account-lock';
import type { Privilege } from '../../access/privilege';
import { changeStatus, endAllSessions, endSession, readAccount } from './account';
import { assertMayManage, type LifecycleAction } from './rules';

const USER_NOT_FOUND = 'User tidak ditemukan';
const SESSION_NOT_FOUND = 'Sesi tidak ditemukan atau sudah berakhir';

/** A session id in the path: the one spelling of a positive decimal (`0x3`, `03`, `+3` are none). */
const sessionParamsSchema = z.object({
  sessionId: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number)
    .pipe(z.int().positive().max(Number.MAX_SAFE_INTEGER)),
});

/**
 * Account lifecycle of a user (ours, beside spec 7): read the account (status, last sign-in,
 * lock, open sessions), change the status (one or several, all or nothing), end one or every
 * session, lift the sign-in lock. Every action needs the edit capability of Daftar User
 * (route-access.ts) and passes the privilege rules (rules.ts, access/privilege.ts).
 */
export function registerLifecycleRoutes(app: FastifyInstance, ctx: AppContext, privilege: Privilege): void {
  /** The target of a route after the rules of `action`. */
  const target = async (request: { params: unknown }, actorId: number, action: LifecycleAction) => {
    const id = idParam(request.params, USER_NOT_FOUND);
    await assertMayManage(ctx.store.db, privilege, actorId, [id], action);
    return id;
  };
  const account = async (id: number) => {
    const found = await readAccount(ctx, id);
    if (!found) throw notFound(USER_NOT_FOUND);
    return found;
  };

  app.get(paths.users.account(':id'), async (request) => {
    const id = await target(request, authOf(request).userId, 'view');
    return ok('Akun user', await account(id));
  });

  app.patch(paths.users.status(':id'), async (request) => {
    const actor = authOf(request).userId;
    const input = validate(userStatusPayloadSchema, request.body);
    const id = idParam(request.params, USER_NOT_FOUND);
    await changeStatus(ctx, privilege, actor, [id], input.is_active, input.reason);
    return ok(
      input.is_active ? 'User berhasil diaktifkan' : 'User berhasil dinonaktifkan',
      await account(id),
    );
  });

  // A static segment wins over ':id' in the router: 'bulk/status' never reads as a user id.
  app.patch(paths.users.bulkStatus, async (request) => {
    const actor = authOf(request).userId;
    const input = validate(bulkUserStatusPayloadSchema, request.body);
    const ids = [...new Set(input.ids)];
    await changeStatus(ctx, privilege, actor, ids, input.is_active, input.reason);
    const verb = input.is_active ? 'diaktifkan' : 'dinonaktifkan';
    return ok(`${ids.length} user berhasil ${verb}`, { ids, changed: ids.length });
  });

  app.delete(paths.users.sessions(':id'), async (request) => {
    const id = await target(request, authOf(request).userId, 'endSessions');
    const ended = await endAllSessions(ctx, id);
    return ok(ended === 0 ? 'Tidak ada sesi aktif' : `${ended} sesi berhasil diakhiri`, { ended });
  });

  app.delete(paths.users.session(':id', ':sessionId'), async (request) => {
    const id = await target(request, authOf(request).userId, 'endSessions');
    const parsed = sessionParamsSchema.safeParse(request.params);
    if (!parsed.success || !(await endSession(ctx, id, parsed.data.sessionId)))
      throw notFound(SESSION_NOT_FOUND);
    return ok('Sesi berhasil diakhiri', { ended: 1 });
  });

  app.delete(paths.users.lock(':id'), async (request) => {
    const id = await target(request, authOf(request).userId, 'unlock');
    const locked = (await account(id)).lock !== null;
    await liftAccountLock(ctx.store.db, id);
    return ok(locked ? 'Blokir masuk berhasil dibuka' : 'Akun tidak sedang diblokir', {
      ended: locked ? 1 : 0,
    });
  });
}
